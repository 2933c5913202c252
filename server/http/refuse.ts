/**
 * How the HTTP shell turns a request away before any route sees it: the JSON error shape of
 * every endpoint (`{ "error": message, "code": code }`, as server/http/json-route.ts answers an
 * AppError) under /api/, a short plain-text line elsewhere (pages, forms). Every message a
 * person may read about such a refusal is here.
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import * as ADMIN_MESSAGES from '../../domain/admin-messages';
import { STOCK_IMPORT_TOO_LARGE } from '../../domain/stock-csv';

export interface Refusal {
  code: string;
  message: string;
}

export const REFUSALS = {
  nulInAddress: { code: 'nul-character', message: 'The address contains a NUL character, which is not allowed.' },
  malformedAddress: { code: 'malformed-address', message: 'The address is not valid (bad percent-encoding).' },
  nulInText: { code: 'nul-character', message: 'Text fields may not contain NUL characters.' },
  bodyTooLarge: { code: 'body-too-large', message: 'Request body too large' },
  imageTooLarge: { code: 'body-too-large', message: ADMIN_MESSAGES.imageTooLarge },
  stockImportTooLarge: { code: 'body-too-large', message: STOCK_IMPORT_TOO_LARGE },
  jsonRequired: { code: 'unsupported-media-type', message: 'Content-Type must be application/json' },
  formRequired: { code: 'unsupported-media-type', message: 'Please submit the form on this page.' },
  formUnreadable: { code: 'invalid-form', message: 'The form could not be read. Please try again.' },
  crossOrigin: { code: 'cross-origin', message: 'Cross-origin requests are not allowed.' },
  methodNotAllowed: { code: 'method-not-allowed', message: 'Method not allowed' },
} as const satisfies Record<string, Refusal>;

/**
 * Whether an address is the API's (/api and below): its refusals are JSON, its bodies JSON, and
 * React Router answers it from the API's route table (route-tables.ts). In any letter case, as
 * React Router matches routes.
 */
export function isApiPath(pathname: string): boolean {
  const head = pathname.slice(0, 5).toLowerCase();
  return head === '/api/' || (head === '/api' && pathname.length === 4);
}

export function refuse(
  c: Context,
  status: ContentfulStatusCode,
  refusal: Refusal,
  headers: Record<string, string> = {},
) {
  const init = { 'Cache-Control': 'no-store', ...headers };
  return isApiPath(c.req.path)
    ? c.json({ error: refusal.message, code: refusal.code }, status, init)
    : c.text(refusal.message, status, init);
}
