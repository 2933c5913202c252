/**
 * The admin's calls to its API (app/lib/json-api with the admin session): every request
 * carries the X-Admin-Session header; a 401 means the session is gone (expired, ended
 * elsewhere), so the token is dropped and the gate returns. Failures are ApiErrors.
 */
import { ADMIN_SESSION_HEADER } from '@domain/admin-session';
import * as ADMIN_MESSAGES from '@domain/admin-messages';
import * as MESSAGES from '@domain/messages';
import { ADMIN_TOKEN_KEY, readAdminToken, writeAdminToken } from '~/lib/admin/admin-session';
import { ApiError, readJsonAnswer, sendRequest } from '~/lib/json-api';

type Listener = () => void;
const unauthorizedListeners = new Set<Listener>();
export function onAdminUnauthorized(listener: Listener) {
  unauthorizedListeners.add(listener);
  return () => {
    unauthorizedListeners.delete(listener);
  };
}

/** True for the error of a missing or ended admin session (the gate shows, nothing else). */
export function isAdminSessionError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** The session is gone: drop the token, bring the gate back, and fail the call. */
export function adminSessionLost(): ApiError {
  writeAdminToken(null);
  unauthorizedListeners.forEach((listener) => listener());
  return new ApiError(ADMIN_MESSAGES.adminSessionMissing, 401, 'admin-session-missing');
}

function failureText(status: number) {
  return `Request failed (${status})`;
}

/** The raw answer of an admin request (a CSV download); JSON failures become ApiErrors. */
export async function adminFetch(path: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
  const token = readAdminToken();
  if (!token) throw adminSessionLost();
  const headers = new Headers(init.headers);
  headers.set(ADMIN_SESSION_HEADER, token);
  const response = await sendRequest(path, { ...init, headers }, MESSAGES.unexpectedError);
  if (response.status === 401) throw adminSessionLost();
  if (!response.ok) await readJsonAnswer(response, failureText(response.status));
  return response;
}

export async function adminGet<T>(path: string): Promise<T> {
  return readJsonAnswer<T>(await adminFetch(path), MESSAGES.unexpectedError);
}

export async function adminSend<T>(path: string, method: string, body?: unknown): Promise<T> {
  return readJsonAnswer<T>(await adminFetch(path, { method, json: body }), MESSAGES.unexpectedError);
}

/** Ends the session on the server now (Back to Store); keepalive, as the page is unloading. */
export function endAdminSession() {
  const token = readAdminToken();
  if (!token) return;
  writeAdminToken(null);
  void fetch('/api/admin/session', { method: 'DELETE', headers: { [ADMIN_SESSION_HEADER]: token }, keepalive: true }).catch(
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
    if (!isAdminSessionError(error)) console.warn('[admin] could not resume the session', error);
  });
}

export { ADMIN_TOKEN_KEY };
