/**
 * Cross-site request forgery (issue 12 item 6): a state change (any method but GET, HEAD and
 * OPTIONS, on /api/* and on page actions alike) from a browser must come from the shop's own
 * origin. A browser names the origin in `Origin` (every POST from a page carries it) or, for
 * some requests, only in `Sec-Fetch-Site`; either one saying another site is refused with
 * 403. A request with neither is not from a browser (curl, a server, a test) and cannot carry
 * a shopper's cookies without their consent, so it passes. The Stripe webhook is exempt: it
 * is signed, and Stripe is another origin by definition.
 *
 * The shop's origin is PUBLIC_URL's, and the request's own (its Host), so that the shop also
 * works when reached by another name (127.0.0.1 beside localhost, a LAN address).
 */
import type { MiddlewareHandler } from 'hono';
import { REFUSALS, refuse } from './refuse';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Signed by the sender and called from its servers: no Origin to check. */
const EXEMPT_PATHS = new Set(['/api/stripe/webhook']);

export function refuseCrossOriginWrites(options: { publicUrl: string }): MiddlewareHandler {
  const publicOrigin = new URL(options.publicUrl).origin;
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || EXEMPT_PATHS.has(c.req.path)) return next();
    const origin = c.req.header('origin');
    if (origin !== undefined) {
      if (origin === publicOrigin || origin === new URL(c.req.url).origin) return next();
      return refuse(c, 403, REFUSALS.crossOrigin);
    }
    const site = c.req.header('sec-fetch-site');
    if (site === undefined || site === 'same-origin' || site === 'none') return next();
    return refuse(c, 403, REFUSALS.crossOrigin);
  };
}
