/**
 * A policy page's text as the admin saves it (domain/shop-pages.ts): checked and tidied the same
 * way in the admin's form and on the server. Apart from shop-pages.ts, which every page's footer
 * imports, so the admin's messages never reach the storefront's JavaScript.
 */
import * as ADMIN_MESSAGES from './admin-messages';
import { SHOP_PAGE_MAX_LENGTH } from './shop-pages';

/** The text as it will be stored (line ends unified, trailing spaces and blank edges trimmed), or a message. */
export function normalisePageBody(raw: unknown): { ok: true; body: string } | { ok: false; message: string } {
  if (typeof raw !== 'string') return { ok: false, message: ADMIN_MESSAGES.pageBodyRequired };
  const body = raw
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .trim();
  if (body === '') return { ok: false, message: ADMIN_MESSAGES.pageBodyRequired };
  if (body.length > SHOP_PAGE_MAX_LENGTH) return { ok: false, message: ADMIN_MESSAGES.pageBodyTooLong };
  return { ok: true, body };
}
