/**
 * The browser's calls to the shop's JSON endpoints: one way to send, one way to read the
 * answer, one error class. Every endpoint answers a failure as `{ error, code }`
 * (server/http/json-route.ts); `ApiError` carries that message (shown as it is), the HTTP
 * status (0 when the network failed) and the code. When the answer has no message (a proxy
 * error page, no network) the caller's fallback text is the message.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    /** HTTP status; 0 when the request never got an answer. */
    readonly status: number,
    readonly code: string | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface JsonRequestOptions {
  headers?: HeadersInit;
  /** The message when the answer carries none (SPEC's failure text where it has one). */
  fallbackMessage: string;
  keepalive?: boolean;
}

/** Sends a request; throws ApiError (status 0) only when there is no answer at all. */
export async function sendRequest(
  path: string,
  init: RequestInit & { json?: unknown },
  fallbackMessage: string,
): Promise<Response> {
  const { json, ...rest } = init;
  const headers = new Headers(rest.headers);
  headers.set('Accept', 'application/json');
  if (json !== undefined) headers.set('Content-Type', 'application/json');
  try {
    return await fetch(path, {
      credentials: 'same-origin',
      ...rest,
      headers,
      body: json !== undefined ? JSON.stringify(json) : rest.body,
    });
  } catch {
    throw new ApiError(fallbackMessage, 0, 'network');
  }
}

/** The answer's JSON body, or an ApiError for a failure or an answer that is not JSON. */
export async function readJsonAnswer<T>(response: Response, fallbackMessage: string): Promise<T> {
  if (response.status === 204) return undefined as T;
  const body: unknown = await response.json().catch(() => undefined);
  if (response.ok && body !== undefined) return body as T;
  const record = (typeof body === 'object' && body !== null ? body : {}) as { error?: unknown; code?: unknown };
  const message = typeof record.error === 'string' && record.error ? record.error : fallbackMessage;
  throw new ApiError(message, response.status, typeof record.code === 'string' ? record.code : null);
}

export async function requestJson<T>(
  path: string,
  options: JsonRequestOptions & { method: string; body?: unknown },
): Promise<T> {
  const { fallbackMessage, body, ...init } = options;
  const response = await sendRequest(path, { ...init, json: body }, fallbackMessage);
  return readJsonAnswer<T>(response, fallbackMessage);
}

export function getJson<T>(path: string, options: JsonRequestOptions): Promise<T> {
  return requestJson<T>(path, { ...options, method: 'GET' });
}

export function postJson<T>(path: string, body: unknown, options: JsonRequestOptions): Promise<T> {
  return requestJson<T>(path, { ...options, method: 'POST', body });
}
