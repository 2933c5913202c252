/**
 * One rule for every address (issue 12 item 3): a NUL character anywhere in the path or the
 * query (PostgreSQL refuses NUL in text, so it would otherwise surface as a 500 deep inside a
 * route), and a path segment whose percent-encoding cannot be decoded, are answered 400 here,
 * before any route, loader or static file handler reads them. Route params come from the
 * path, so they are covered too.
 */
import type { MiddlewareHandler } from 'hono';
import { REFUSALS, refuse, type Refusal } from './refuse';

/** The problem with an address, or null when it may go on. */
export function addressProblem(url: string): Refusal | null {
  const { pathname, search } = new URL(url);
  for (const segment of pathname.split('/')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return REFUSALS.malformedAddress;
    }
    if (decoded.includes('\u0000')) return REFUSALS.nulInAddress;
  }
  if (search) {
    for (const [key, value] of new URLSearchParams(search)) {
      if (key.includes('\u0000') || value.includes('\u0000')) return REFUSALS.nulInAddress;
    }
  }
  return null;
}

export const refuseBadAddress: MiddlewareHandler = async (c, next) => {
  const problem = addressProblem(c.req.url);
  if (problem) return refuse(c, 400, problem);
  await next();
};
