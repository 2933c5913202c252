/**
 * Request bodies, checked once in the HTTP shell for every route (issue 12 items 1, 3, 4, 6):
 *
 * - **Size, while streaming.** Every route that takes a body has a limit, applied before
 *   the body is buffered: a declared Content-Length over it is answered 413 at once, and a
 *   chunked body is read only up to it (Hono's bodyLimit). Admin image uploads get one image
 *   (5 MB, SPEC §9) plus multipart framing; the Stripe webhook a signed event; everything
 *   else (JSON APIs, auth, page forms) 64 KB, far above any form or JSON the shop sends.
 * - **Type.** JSON endpoints (/api/*) take `application/json` only (415 otherwise), so a
 *   cross-site "simple" text/plain request cannot carry JSON; page actions take form
 *   encodings (no body counts as an empty form). The Stripe webhook is read raw (its
 *   signature covers the exact bytes); an admin upload is read by its route after the
 *   admin check, so an anonymous request makes the shop buffer nothing.
 * - **NUL.** A NUL character in any JSON string (or key) or form field is answered 400: one
 *   rule for every text that could reach the database, which refuses NUL.
 * - **Readable forms.** A form body that cannot be parsed (a broken multipart) is 400 here,
 *   never an exception in the route.
 *
 * JSON that does not parse is passed on: each endpoint answers it with its own message.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { REFUSALS, isApiPath, refuse, type Refusal } from './refuse';
import { PRODUCT_STOCK_IMPORT_MAX_BYTES, PRODUCT_STOCK_IMPORT_PATH } from '../../domain/stock-csv';

export const BODY_LIMIT_BYTES = 64 * 1024;
/** One image under 5 MB (SPEC §9) plus the multipart framing around it. */
export const UPLOAD_BODY_LIMIT_BYTES = 5 * 1024 * 1024 + 64 * 1024;
/** Stripe's event payloads are a few kilobytes; expanded objects stay far below this. */
export const WEBHOOK_BODY_LIMIT_BYTES = 1024 * 1024;

const UPLOAD_PATH = '/api/admin/uploads';
/** A CSV file of products and stock, read by its route after the admin check (issue 32 item 3). */
const STOCK_IMPORT_RULE = {
  kind: 'raw',
  maxBytes: PRODUCT_STOCK_IMPORT_MAX_BYTES,
  tooLarge: REFUSALS.stockImportTooLarge,
} as const satisfies BodyRule;
const WEBHOOK_PATH = '/api/stripe/webhook';

type BodyKind = 'json' | 'form' | 'upload' | 'raw';

interface BodyRule {
  kind: BodyKind;
  maxBytes: number;
  tooLarge: Refusal;
}

export function bodyRuleFor(pathname: string): BodyRule {
  if (pathname === UPLOAD_PATH)
    return { kind: 'upload', maxBytes: UPLOAD_BODY_LIMIT_BYTES, tooLarge: REFUSALS.imageTooLarge };
  if (pathname === PRODUCT_STOCK_IMPORT_PATH) return STOCK_IMPORT_RULE;
  if (pathname === WEBHOOK_PATH)
    return { kind: 'raw', maxBytes: WEBHOOK_BODY_LIMIT_BYTES, tooLarge: REFUSALS.bodyTooLarge };
  if (isApiPath(pathname)) return { kind: 'json', maxBytes: BODY_LIMIT_BYTES, tooLarge: REFUSALS.bodyTooLarge };
  return { kind: 'form', maxBytes: BODY_LIMIT_BYTES, tooLarge: REFUSALS.bodyTooLarge };
}

const hasNoBody = (method: string) => method === 'GET' || method === 'HEAD';

/** The media type of a Content-Type header, lower-cased, without parameters. */
function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase();
}

/** True when a string anywhere in a parsed JSON value (keys included) holds a NUL. Iterative: deep nesting cannot overflow the stack. */
export function containsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (next.includes('\u0000')) return true;
    } else if (Array.isArray(next)) {
      for (const item of next) pending.push(item);
    } else if (next !== null && typeof next === 'object') {
      for (const [key, item] of Object.entries(next)) {
        if (key.includes('\u0000')) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

/**
 * The size limit of each route, enforced while the body streams in. The 413 closes the
 * connection, so the rest of an oversized upload is not read.
 */
export function limitRequestBodies(): MiddlewareHandler {
  const limiters = new Map<number, MiddlewareHandler>();
  const limiterFor = (rule: BodyRule) => {
    let limiter = limiters.get(rule.maxBytes);
    if (!limiter) {
      limiter = bodyLimit({
        maxSize: rule.maxBytes,
        onError: (c) => refuse(c, 413, bodyRuleFor(c.req.path).tooLarge, { Connection: 'close' }),
      });
      limiters.set(rule.maxBytes, limiter);
    }
    return limiter;
  };
  return (c, next) => {
    if (hasNoBody(c.req.method)) return next();
    return limiterFor(bodyRuleFor(c.req.path))(c, next);
  };
}

async function readForm(bytes: Uint8Array<ArrayBuffer>, contentType: string): Promise<FormData | null> {
  try {
    return await new Response(bytes, { headers: { 'Content-Type': contentType } }).formData();
  } catch {
    return null;
  }
}

function formHasNul(form: FormData): boolean {
  for (const [key, value] of form) {
    if (key.includes('\u0000')) return true;
    if (typeof value === 'string' && value.includes('\u0000')) return true;
  }
  return false;
}

/** Type and content checks of each route's body (after limitRequestBodies). */
export function checkRequestBodies(): MiddlewareHandler {
  return async (c: Context, next) => {
    if (hasNoBody(c.req.method)) return next();
    const rule = bodyRuleFor(c.req.path);
    const type = mediaType(c.req.header('content-type'));
    // The webhook's bytes are signed; an upload is read by its route after the admin check
    // (an anonymous request buffers nothing), which refuses anything but a multipart image.
    if (rule.kind === 'raw' || rule.kind === 'upload') return next();
    if (rule.kind === 'json' && !c.req.raw.body) return next();
    // Bounded by limitRequestBodies: at most BODY_LIMIT_BYTES are read.
    const bytes = new Uint8Array(await c.req.raw.arrayBuffer());
    c.req.raw = new Request(c.req.raw, { body: bytes });
    if (rule.kind === 'json') {
      if (bytes.length === 0) return next();
      if (type !== 'application/json') return refuse(c, 415, REFUSALS.jsonRequired);
      let parsed: unknown;
      try {
        parsed = JSON.parse(new TextDecoder().decode(bytes));
      } catch {
        return next();
      }
      if (containsNul(parsed)) return refuse(c, 400, REFUSALS.nulInText);
      return next();
    }
    if (bytes.length === 0 && type !== 'multipart/form-data') {
      // No body is an empty form: the action (or the 405 of a page without one) decides.
      const headers = new Headers(c.req.raw.headers);
      headers.set('Content-Type', 'application/x-www-form-urlencoded');
      c.req.raw = new Request(c.req.raw, { headers, body: bytes });
      return next();
    }
    if (type !== 'application/x-www-form-urlencoded' && type !== 'multipart/form-data') {
      return refuse(c, 415, REFUSALS.formRequired);
    }
    const form = await readForm(bytes, c.req.header('content-type')!);
    if (!form) return refuse(c, 400, REFUSALS.formUnreadable);
    if (formHasNul(form)) return refuse(c, 400, REFUSALS.nulInText);
    return next();
  };
}
