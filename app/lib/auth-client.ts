/**
 * Calls to the shop's auth endpoints (/api/auth/*, Better Auth) from the browser.
 * Every call resolves to { status, code, message, data }; network failures give status 0.
 */
export interface AuthAnswer<T = unknown> {
  status: number;
  code: string | null;
  message: string | null;
  data: T | null;
}

export async function postAuth<T = unknown>(path: string, body: Record<string, unknown>): Promise<AuthAnswer<T>> {
  try {
    const response = await fetch(`/api/auth${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify(body),
    });
    let data: unknown = null;
    try {
      data = await response.json();
    } catch {
      data = null;
    }
    const record = (data ?? {}) as { code?: unknown; message?: unknown };
    return {
      status: response.status,
      code: typeof record.code === 'string' ? record.code : null,
      message: typeof record.message === 'string' ? record.message : null,
      data: response.ok ? (data as T) : null,
    };
  } catch {
    return { status: 0, code: null, message: null, data: null };
  }
}
