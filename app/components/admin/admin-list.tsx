/**
 * The pieces every admin list shares (orders, customers, donations): its state (filters, page
 * and the query for that page), its frame (heading, the failed / empty notes, the rows and the
 * pager), the search form and the status filter select.
 */
import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { AdminPage } from '@domain/admin-contract';
import { Search } from '~/components/ui/icons';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { isAdminSessionError, adminGet } from '~/lib/admin/admin-api';
import { cn } from '~/lib/utils';
import { ChoiceSelect } from './choice-select';
import { Pager } from './pager';

/** The query string of a list's filters (those set) and page (when given). */
export function listParams(filters: Record<string, string>, page?: number): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  if (page) params.set('page', String(page));
  return params.toString();
}

export interface AdminList<Page extends AdminPage, Filters extends Record<string, string>> {
  /** The API's name for the list (/api/admin/<name>); its section's heading id is <name>-heading. */
  name: string;
  filters: Filters;
  /** A filter's value and its setter, for a control: a change goes back to page 1. */
  field(name: keyof Filters): { value: string; onChange: (value: string) => void };
  setPage(page: number): void;
  query: UseQueryResult<Page>;
}

/**
 * The state of the list at /api/admin/<name>: its filters (the initial ones: all empty), the
 * page, and the query for that page; the previous page stays on screen while the next loads.
 */
export function useAdminList<Page extends AdminPage, Filters extends Record<string, string>>(
  name: string,
  initial: Filters,
): AdminList<Page, Filters> {
  const [filters, setFilters] = useState(initial);
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: ['admin', name, ...Object.values(filters), page],
    queryFn: () => adminGet<Page>(`/api/admin/${name}?${listParams(filters, page)}`),
    placeholderData: keepPreviousData,
  });
  return {
    name,
    filters,
    field: (key) => ({
      value: filters[key] ?? '',
      onChange: (value) => {
        setFilters((current) => ({ ...current, [key]: value }));
        setPage(1);
      },
    }),
    setPage,
    query,
  };
}

/**
 * A list's frame: the heading with the number of matches (`actions` beside it), `toolbar`
 * (search, filters), the failed note (unless the session ended: the gate shows then) or the
 * empty one, a row per record, the pager, and `children` (the dialogs the rows open).
 */
export function AdminListSection<Page extends AdminPage, Row>(props: {
  list: Pick<AdminList<Page, never>, 'name' | 'query' | 'setPage'>;
  heading: (total: number) => string;
  actions?: ReactNode;
  toolbar?: ReactNode;
  failed: string;
  empty: string;
  rows: (page: Page) => Row[];
  row: (record: Row) => ReactNode;
  children?: ReactNode;
}) {
  const { name, query } = props.list;
  const rows = query.data && props.rows(query.data);
  return (
    <section aria-labelledby={`${name}-heading`} className="rounded-xl border border-line bg-white p-4 sm:p-5">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${name}-heading`} className="text-lg font-semibold">
          {props.heading(query.data?.total ?? 0)}
        </h2>
        {props.actions}
      </div>
      {props.toolbar}
      {query.isError && !isAdminSessionError(query.error) && (
        <p role="alert" className="text-sm text-red-700">
          {props.failed}
        </p>
      )}
      {rows?.length === 0 && <p className="py-8 text-center text-sm text-muted">{props.empty}</p>}
      <ul className="divide-y divide-line">{rows?.map(props.row)}</ul>
      {query.data && (
        <Pager
          page={query.data.page}
          pageSize={query.data.pageSize}
          total={query.data.total}
          onPage={props.list.setPage}
        />
      )}
      {props.children}
    </section>
  );
}

/** A search box with its button; `onSearch` gets the trimmed text. Extra controls go in `children`. */
export function AdminSearchForm(props: {
  label: string;
  placeholder: string;
  onSearch: (q: string) => void;
  className?: string;
  children?: ReactNode;
}) {
  const [search, setSearch] = useState('');
  return (
    <form
      role="search"
      className={cn('mb-4 flex gap-2', props.className)}
      onSubmit={(event) => {
        event.preventDefault();
        props.onSearch(search.trim());
      }}
    >
      <div className="relative flex-1">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted" aria-hidden />
        <Input
          aria-label={props.label}
          placeholder={props.placeholder}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className="h-10! pl-9!"
        />
      </div>
      {props.children}
      <Button type="submit" size="sm" className="h-10!">
        Search
      </Button>
    </form>
  );
}

/** A status filter: 'All statuses', then each status as it is written. */
export function StatusFilter(props: {
  label: string;
  statuses: readonly string[];
  value: string;
  onChange: (status: string) => void;
}) {
  return (
    <ChoiceSelect
      aria-label={props.label}
      blank="All statuses"
      choices={props.statuses}
      value={props.value}
      onValueChange={props.onChange}
    />
  );
}
