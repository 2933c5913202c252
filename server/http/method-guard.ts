/**
 * The methods the shop serves (issue 30 item 3): GET, HEAD and POST everywhere, PUT, PATCH and
 * DELETE under /api/ (the admin's endpoints). Any other method (TRACE, OPTIONS, PROPFIND …) is
 * answered 405 with Allow before a file, a page or an endpoint sees it, on every path. TRACE
 * used to reach the body checks as a GET with a body and answer 500.
 */
import type { MiddlewareHandler } from 'hono';
import { isApiPath, refuse, REFUSALS } from './refuse';

const SERVED = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']);
const API_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE';
const PAGE_METHODS = 'GET, HEAD, POST';
const FILE_METHODS = 'GET, HEAD';

/** The methods a path may be asked with: a file's, a page's or the API's. */
export function allowedMethods(pathname: string, isFile: (pathname: string) => boolean): string {
  if (isApiPath(pathname)) return API_METHODS;
  return isFile(pathname) ? FILE_METHODS : PAGE_METHODS;
}

export function refuseUnservedMethods(isFile: (pathname: string) => boolean): MiddlewareHandler {
  return async (c, next) => {
    if (SERVED.has(c.req.method)) return next();
    return refuse(c, 405, REFUSALS.methodNotAllowed, { Allow: allowedMethods(c.req.path, isFile) });
  };
}
