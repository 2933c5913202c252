/**
 * The admin's file buttons (issue 32 item 3): a download of an export (or a backup) under the
 * name the server gives it, and the products-with-stock import, whose refusal lists its problems by row and
 * column. The server builds and checks every file; the browser only carries it.
 */
import { ADMIN_SESSION_HEADER } from '@domain/admin-session';
import {
  PRODUCT_STOCK_IMPORT_MAX_BYTES,
  PRODUCT_STOCK_IMPORT_PATH,
  STOCK_IMPORT_TOO_LARGE,
  type ProductStockCsvColumn,
} from '@domain/stock-csv';
import * as MESSAGES from '@domain/messages';
import { adminFetch } from '~/lib/admin/admin-api';
import { readAdminToken } from '~/lib/admin/admin-session';

/** Downloads an admin file (an export, a backup) under the name the server gives it, else `fallbackName`. */
export async function downloadAdminFile(path: string, fallbackName: string): Promise<void> {
  const response = await adminFetch(path);
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? fallbackName;
  link.click();
  URL.revokeObjectURL(url);
}

export interface StockImportProblem {
  row: number | null;
  column: ProductStockCsvColumn | null;
  message: string;
}

export type StockImportOutcome =
  | { ok: true; rows: number; tracked: number; untracked: number }
  | { ok: false; message: string; problems: StockImportProblem[]; problemCount: number };

export async function importStockCsv(file: File): Promise<StockImportOutcome> {
  if (file.size > PRODUCT_STOCK_IMPORT_MAX_BYTES) {
    return { ok: false, message: STOCK_IMPORT_TOO_LARGE, problems: [], problemCount: 1 };
  }
  const token = readAdminToken();
  if (!token) return { ok: false, message: MESSAGES.unexpectedError, problems: [], problemCount: 1 };
  let response: Response;
  try {
    response = await fetch(PRODUCT_STOCK_IMPORT_PATH, {
      method: 'POST',
      headers: { [ADMIN_SESSION_HEADER]: token, 'Content-Type': 'text/csv' },
      body: file,
    });
  } catch {
    return { ok: false, message: MESSAGES.unexpectedError, problems: [], problemCount: 1 };
  }
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (response.ok)
    return { ok: true, rows: Number(body.rows), tracked: Number(body.tracked), untracked: Number(body.untracked) };
  return {
    ok: false,
    message: typeof body.error === 'string' ? body.error : MESSAGES.unexpectedError,
    problems: Array.isArray(body.problems) ? (body.problems as StockImportProblem[]) : [],
    problemCount: typeof body.problemCount === 'number' ? body.problemCount : 1,
  };
}
