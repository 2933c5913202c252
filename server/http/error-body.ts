/**
 * Every refusal says what it is: an error answer (4xx or 5xx) with an empty body (a route's
 * bare 405, the auth library's 404 for an unknown endpoint) gets `{ "error": <status text>, "code" }`
 * under /api/ and the status text elsewhere. Answers that carry a body are left alone, except
 * React Router's own 405 for a method a resource route has no function for (a POST to
 * /robots.txt or /api/admin/stats): its body is the words of a crash, "Unexpected Server
 * Error", so it is answered as an empty one, with `Allow` naming what such a route serves.
 */
import { STATUS_CODES } from 'node:http';
import type { MiddlewareHandler } from 'hono';
import { isApiPath } from './refuse';

/** The body React Router gives the 405 of a route without a loader or action for the method. */
const ROUTER_METHOD_REFUSAL = JSON.stringify({ message: 'Unexpected Server Error' });

async function isRouterMethodRefusal(response: Response): Promise<boolean> {
  if (response.status !== 405 || !response.headers.get('content-type')?.startsWith('application/json')) return false;
  const length = Number(response.headers.get('content-length'));
  if (Number.isFinite(length) && length > ROUTER_METHOD_REFUSAL.length) return false;
  return (await response.clone().text()) === ROUTER_METHOD_REFUSAL;
}

export const describeEmptyErrors: MiddlewareHandler = async (c, next) => {
  await next();
  const response = c.res;
  if (response.status < 400 || c.req.method === 'HEAD') return;
  const routerRefusal = await isRouterMethodRefusal(response);
  if (!routerRefusal && response.body !== null && response.headers.get('content-length') !== '0') return;
  // 'Method not allowed', 'Not found': the status text, worded like the routes' own refusals.
  const statusText = STATUS_CODES[response.status] ?? 'Request refused';
  const message = statusText.charAt(0) + statusText.slice(1).toLowerCase();
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  // Every route answers GET (a loader); the ones React Router refuses have no action.
  if (routerRefusal && !headers.has('Allow')) headers.set('Allow', 'GET, HEAD');
  const api = isApiPath(c.req.path);
  headers.set('Content-Type', api ? 'application/json' : 'text/plain; charset=UTF-8');
  // Cleared first: Hono copies the old answer's headers onto a new c.res.
  c.res = undefined;
  const code = message.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  c.res = new Response(api ? JSON.stringify({ error: message, code }) : message, { status: response.status, headers });
};
