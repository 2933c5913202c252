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

/** Ends the session on the server; keepalive/beacon so it also works while the page unloads. */
export function endAdminSession(options: { beacon?: boolean } = {}) {
  const token = readAdminToken();
  if (!token) return;
  writeAdminToken(null);
  const url = `/api/admin/session?logout=1&token=${encodeURIComponent(token)}`;
  if (options.beacon && navigator.sendBeacon?.(url)) return;
  void fetch('/api/admin/session', { method: 'DELETE', headers: { 'X-Admin-Session': token }, keepalive: true }).catch(
    (error: unknown) => console.warn('[admin] could not end the session', error),
  );
}

export { ADMIN_TOKEN_KEY };
