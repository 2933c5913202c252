/**
 * The one error type of the server: an expected refusal with a machine code, the HTTP
 * status it answers with and the message a person reads (SPEC's exact text where it has
 * one). Services throw it; JSON routes turn it into `{ error, code }` with
 * `server/http/json-route.ts`, pages into their own display. Anything else thrown is
 * unexpected: logged with context and answered with a generic message.
 */
export interface AppErrorOptions {
  status: number;
  /** What a person reads (shown as it is in toasts and pages). */
  message: string;
  /** Extra response headers (Allow, Retry-After). */
  headers?: Record<string, string>;
  /** Extra fields of the JSON answer, for an endpoint whose spec names them (success: false). */
  details?: Record<string, unknown>;
  cause?: unknown;
}

export class AppError extends Error {
  readonly code: string;
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly details: Record<string, unknown>;

  constructor(code: string, options: AppErrorOptions) {
    super(options.message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = options.status;
    this.headers = options.headers ?? {};
    this.details = options.details ?? {};
  }
}

/** 400 with the message: the most common refusal (bad input). */
export function badRequest(message: string, code = 'invalid-request'): AppError {
  return new AppError(code, { status: 400, message });
}

export function notFound(message: string, code = 'not-found'): AppError {
  return new AppError(code, { status: 404, message });
}

export function methodNotAllowed(allow: string): AppError {
  return new AppError('method-not-allowed', { status: 405, message: 'Method not allowed', headers: { Allow: allow } });
}
