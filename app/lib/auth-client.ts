/**
 * Calls to the shop's auth endpoints (/api/auth/*, Better Auth) from the browser, through
 * the same sender as every JSON call (json-api.ts). Better Auth answers failures with its own
 * `{ code, message }`, which the auth page maps to SPEC §8's toasts (domain/auth-feedback), so
 * every call resolves to { status, code, message, data }; network failures give status 0.
 */
import * as MESSAGES from '@domain/messages';
import { ApiError, sendRequest } from './json-api';

export interface AuthAnswer<T = unknown> {
  status: number;
  code: string | null;
  message: string | null;
  data: T | null;
}

export async function postAuth<T = unknown>(path: string, body: Record<string, unknown>): Promise<AuthAnswer<T>> {
  let response: Response;
  try {
    response = await sendRequest(`/api/auth${path}`, { method: 'POST', json: body }, MESSAGES.unexpectedError);
  } catch (error) {
    if (error instanceof ApiError) return { status: 0, code: null, message: null, data: null };
    throw error;
  }
  const data: unknown = await response.json().catch(() => null);
  const record = (data ?? {}) as { code?: unknown; message?: unknown };
  return {
    status: response.status,
    code: typeof record.code === 'string' ? record.code : null,
    message: typeof record.message === 'string' ? record.message : null,
    data: response.ok ? (data as T) : null,
  };
}
