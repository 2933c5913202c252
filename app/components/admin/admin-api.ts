/**
 * The admin's calls to its API: every request carries X-Admin-Session; a 401 means the
 * session is gone (expired, ended elsewhere), so the token is dropped and the gate returns.
 */
import { ADMIN_TOKEN_KEY, readAdminToken, writeAdminToken } from '~/lib/admin-session';

export class AdminAuthError extends Error {
  constructor() {
    super('Admin session not found. Please re-authenticate.');
  }
}

export class AdminApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

type Listener = () => void;
const unauthorizedListeners = new Set<Listener>();
export function onAdminUnauthorized(listener: Listener) {
  unauthorizedListeners.add(listener);
  return () => {
    unauthorizedListeners.delete(listener);
  };
}

export async function adminFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const token = readAdminToken();
  if (!token) {
    unauthorizedListeners.forEach((listener) => listener());
    throw new AdminAuthError();
  }
  const headers = new Headers(init.headers);
  headers.set('X-Admin-Session', token);
  if (init.body && typeof init.body === 'string' && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  const response = await fetch(path, { ...init, headers });
  if (response.status === 401) {
    writeAdminToken(null);
    unauthorizedListeners.forEach((listener) => listener());
    throw new AdminAuthError();
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { error?: string };
    throw new AdminApiError(body.error ?? `Request failed (${response.status})`, response.status);
  }
  return response;
}

export async function adminGet<T>(path: string): Promise<T> {
  return (await (await adminFetch(path)).json()) as T;
}

export async function adminSend<T>(path: string, method: string, body?: unknown): Promise<T> {
  const response = await adminFetch(path, { method, body: body === undefined ? undefined : JSON.stringify(body) });
  return (await response.json()) as T;
}

/** Ends the session on the server now (Back to Store); keepalive, as the page is unloading. */
export function endAdminSession() {
  const token = readAdminToken();
  if (!token) return;
  writeAdminToken(null);
  void fetch('/api/admin/session', { method: 'DELETE', headers: { 'X-Admin-Session': token }, keepalive: true }).catch(
    (error: unknown) => console.warn('[admin] could not end the session', error),
  );
}

/** The page is going away (reload, tab closed): the server ends the session soon unless resumed. */
export function leaveAdminSession() {
  const token = readAdminToken();
  if (!token) return;
  const url = `/api/admin/session?leave=1&token=${encodeURIComponent(token)}`;
  if (navigator.sendBeacon?.(url)) return;
  void fetch(url, { method: 'POST', keepalive: true }).catch((error: unknown) =>
    console.warn('[admin] could not mark the session as left', error),
  );
}

/** The admin page is open: keeps the session alive (a 401 brings the passcode gate back). */
export function resumeAdminSession() {
  adminFetch('/api/admin/session?resume=1', { method: 'POST' }).catch((error: unknown) => {
    if (!(error instanceof AdminAuthError)) console.warn('[admin] could not resume the session', error);
  });
}

export { ADMIN_TOKEN_KEY };
