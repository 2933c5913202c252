/** The admin token in the browser (SPEC §3/§9: localStorage 'adminSessionToken'). */
import * as ADMIN_MESSAGES from '@domain/admin-messages';
import { ApiError, postJson } from '~/lib/json-api';

export const ADMIN_TOKEN_KEY = 'adminSessionToken';
const CHANGE_EVENT = 'admin-session-change';

export function readAdminToken(): string | null {
  try {
    return window.localStorage.getItem(ADMIN_TOKEN_KEY);
  } catch {
    return null;
  }
}

export function writeAdminToken(token: string | null) {
  try {
    if (token) window.localStorage.setItem(ADMIN_TOKEN_KEY, token);
    else window.localStorage.removeItem(ADMIN_TOKEN_KEY);
  } catch (error) {
    console.warn('[admin] could not store the admin session token', error);
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

type LoginAnswer = { ok: true; token: string } | { ok: false; status: number; error?: string };

/** Asks for an admin session with `body` at `url`; a refusal is an answer. Throws only on network failure. */
async function openAdminSession(url: string, body: object): Promise<LoginAnswer> {
  try {
    const answer = await postJson<{ success?: boolean; sessionToken?: string }>(url, body, {
      fallbackMessage: ADMIN_MESSAGES.passcodeVerifyFailed,
    });
    if (answer.success && answer.sessionToken) return { ok: true, token: answer.sessionToken };
    return { ok: false, status: 200 };
  } catch (error) {
    if (error instanceof ApiError && error.status > 0) return { ok: false, status: error.status, error: error.message };
    throw error;
  }
}

/** Sends the passcode (SPEC §7 verify-admin-passcode). Throws only on network failure. */
export function requestAdminSession(passcode: string): Promise<LoginAnswer> {
  return openAdminSession('/api/admin/session', { passcode });
}

/**
 * A signed-in staff member's admin session (issue 27): their Better Auth session cookie, with
 * two-factor sign-in, is the key instead of the passcode. Throws only on network failure.
 */
export function requestStaffAdminSession(): Promise<LoginAnswer> {
  return openAdminSession('/api/admin/session?staff=1', {});
}

/** For useSyncExternalStore: token changes in this tab and in others (storage event). */
export function subscribeAdminToken(listener: () => void) {
  window.addEventListener(CHANGE_EVENT, listener);
  window.addEventListener('storage', listener);
  return () => {
    window.removeEventListener(CHANGE_EVENT, listener);
    window.removeEventListener('storage', listener);
  };
}
