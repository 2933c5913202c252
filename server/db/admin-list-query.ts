/**
 * What the admin's paged lists (orders, customers, donations; SPEC §2) share on the server:
 * the query parameters they all take, the page size, the prefix search's escaping, and the
 * reading of one page (the page's rows and the count of matches, at once) into the AdminPage
 * every tab shows its pager from.
 */
import type { PgSelect } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { AdminPage } from '../../domain/admin-contract';
import type { Executor } from './client';

export const ADMIN_PAGE_SIZE = 20;

/** ?page= of every list: from 1 (the default). Each list extends it with its filters. */
export const AdminListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
});

/** The searchable lists' (orders, customers) ?q= besides the page: trimmed, '' when absent. */
export const AdminSearchQuerySchema = AdminListQuerySchema.extend({
  q: z.string().trim().max(200).optional().default(''),
});

/** Escapes LIKE wildcards so a search for '50%' means the text. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (match) => `\\${match}`);
}

/** What every list service takes: the database, the parsed filter (with its page), and (tests) the page size. */
export interface AdminListOptions<Filter extends { page: number }> {
  db: Executor;
  filter: Filter;
  pageSize?: number;
}

/**
 * Reads the filter's page of `rows` (the list's query, filtered and ordered, made dynamic
 * with `$dynamic()`; the page's LIMIT and OFFSET are added here) while `total` counts the
 * matches.
 */
export async function readAdminPage<Rows extends PgSelect>(
  options: Omit<AdminListOptions<{ page: number }>, 'db'> & { rows: Rows; total: Promise<number> },
): Promise<AdminPage & { rows: Awaited<Rows> }> {
  const { filter } = options;
  const pageSize = options.pageSize ?? ADMIN_PAGE_SIZE;
  const page: Rows = options.rows.limit(pageSize).offset((filter.page - 1) * pageSize);
  const [rows, total] = await Promise.all([page, options.total]);
  return { total, page: filter.page, pageSize, rows };
}
