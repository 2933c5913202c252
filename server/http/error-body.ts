/**
 * Every refusal says what it is: an error answer (4xx or 5xx) with an empty body (a route's
 * bare 405, the auth library's 404 for an unknown endpoint) gets `{ "error": <status text>, "code" }`
 * under /api/ and the status text elsewhere. Answers that carry a body are left alone.
 */
import { STATUS_CODES } from 'node:http';
import type { MiddlewareHandler } from 'hono';
import { isApiPath } from './refuse';

export const describeEmptyErrors: MiddlewareHandler = async (c, next) => {
  await next();
  const response = c.res;
  if (response.status < 400 || c.req.method === 'HEAD') return;
  if (response.body !== null && response.headers.get('content-length') !== '0') return;
  // 'Method not allowed', 'Not found': the status text, worded like the routes' own refusals.
  const statusText = STATUS_CODES[response.status] ?? 'Request refused';
  const message = statusText.charAt(0) + statusText.slice(1).toLowerCase();
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  const api = isApiPath(c.req.path);
  headers.set('Content-Type', api ? 'application/json' : 'text/plain; charset=UTF-8');
  // Cleared first: Hono copies the old answer's headers onto a new c.res.
  c.res = undefined;
  const code = message.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  c.res = new Response(api ? JSON.stringify({ error: message, code }) : message, { status: response.status, headers });
};
