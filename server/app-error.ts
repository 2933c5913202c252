/**
 * The one error type of the server: an expected refusal with a machine code, the HTTP
 * status it answers with and the message a person reads (SPEC's exact text where it has
 * one). Services throw it; JSON routes turn it into `{ error, code }` with
 * `server/http/json-route.ts`, pages into their own display. Anything else thrown is
 * unexpected: logged with context and answered with a generic message.
 *
 * The codes are a closed list, each with its status, here and nowhere else (issue 29): a new
 * refusal adds its code to APP_ERROR_CODES. Failures of a provider (payments, Shopify) are the
 * subclass ProviderError; a limit reached is TooManyRequestsError, which always says when to
 * come back (Retry-After).
 */
export const APP_ERROR_CODES = {
  // 400: the request is wrong; nothing changed.
  'invalid-request': 400,
  'invalid-json': 400,
  'invalid-filter': 400,
  'invalid-form': 400,
  'invalid-address': 400,
  'invalid-amount': 400,
  'invalid-coupon': 400,
  /** A known discount code whose conditions fail (its reason is the message; issue 26). */
  'coupon-refused': 400,
  /** A discount code's field in the admin (the message names the field). */
  'invalid-discount': 400,
  'invalid-email': 400,
  'invalid-image': 400,
  'invalid-line': 400,
  'line-unavailable': 400,
  'invalid-points': 400,
  'invalid-replaces': 400,
  'invalid-stock': 400,
  'empty-cart': 400,
  'too-many-lines': 400,
  'insufficient-stock': 400,
  'points-unavailable': 400,
  'passcode-required': 400,
  'nul-character': 400,
  'malformed-address': 400,
  'invalid-signature': 400,
  // Staff (issue 27): invites, roles, the passcode, a paid order's cancel reason.
  'invalid-invite': 400,
  'invalid-role': 400,
  'name-required': 400,
  'weak-password': 400,
  'password-required': 400,
  'passcode-too-short': 400,
  'reason-required': 400,
  /** The Stripe product sync without a Stripe key (the webhook's own is 404 not-configured). */
  'sync-not-configured': 400,
  /** Issue 25: a tax table row (the field is named in `details.field`), the Stripe tax setting, the report's months. */
  'invalid-tax-rate': 400,
  'invalid-tax-setting': 400,
  'invalid-report-range': 400,
  // 401: who is asking is not known.
  'sign-in-required': 401,
  'admin-session-missing': 401,
  'passcode-invalid': 401,
  // 402: the (sandbox) card was not accepted.
  'card-declined': 402,

  'card-invalid': 402,
  // 403
  'cross-origin': 403,
  /** The admin's role does not hold the endpoint's permission (domain/staff-roles.ts). */
  forbidden: 403,
  'role-too-high': 403,
  'own-role': 403,
  'invite-wrong-account': 403,
  'not-staff': 403,
  'two-factor-required': 403,
  // 404
  'staff-not-found': 404,
  'invite-not-found': 404,
  'invite-invalid': 404,
  'not-found': 404,
  'not-configured': 404,
  'backup-not-found': 404,
  'product-unavailable': 404,
  'session-not-found': 404,
  'shopify-unavailable': 404,
  // 405
  'method-not-allowed': 405,
  // 409: the state does not allow it now.
  'already-staff': 409,
  'last-owner': 409,
  'sign-in-first': 409,
  'already-cancelled': 409,
  'duplicate-code': 409,
  'checkout-expired': 409,
  'favorites-limit': 409,
  'order-not-pending': 409,
  'refund-in-progress': 409,
  'refund-rejected': 409,
  'refunded-order-final': 409,
  'reopen-short-of-stock': 409,
  'stock-changed': 409,
  /** Issue 25: the sandbox page's total is not the taxed total of its address; nothing was charged. */
  'confirm-total': 409,
  /** Send again of an e-mail that is sent, or queued and not tried yet (issue 30). */
  'mail-not-failed': 409,
  // 410
  'session-expired': 410,
  'invite-expired': 410,
  'invite-used': 410,
  // 413, 415
  'body-too-large': 413,
  'unsupported-media-type': 415,
  // 422: the external shop refused the cart.
  'shopify-rejected': 422,
  // The external shop's own codes for a refused cart (domain/external-checkout.ts).
  NOT_ENOUGH_IN_STOCK: 422,
  INVALID_FOR_COUNTRY: 422,
  TOO_LONG: 422,
  // 429: a limit is reached (TooManyRequestsError).
  'rate-limited': 429,
  'too-many-attempts': 429,
  /** Better Auth's own code for its 429, kept on the sign-in answer its client reads. */
  TOO_MANY_REQUESTS: 429,
  /** Too many wrong passwords for one account, from every address together (issue 30 item 4). */
  TOO_MANY_ATTEMPTS_FOR_ACCOUNT: 429,
  // 502, 503: a provider or a job of ours failed (ProviderError).
  'provider-unreachable': 502,
  'refund-unavailable': 502,
  'shopify-failed': 502,
  'backup-failed': 503,
} as const satisfies Record<string, number>;

export type AppErrorCode = keyof typeof APP_ERROR_CODES;

export interface AppErrorOptions {
  /** What a person reads (shown as it is in toasts and pages). */
  message: string;
  /** Extra response headers (Allow). */
  headers?: Record<string, string>;
  /** Extra fields of the JSON answer, for an endpoint whose spec names them (success: false). */
  details?: Record<string, unknown>;
  cause?: unknown;
}

/**
 * The route modules (React Router's build) and the services (server/bootstrap.ts) are bundled
 * apart, each with its own copy of this module: `instanceof` recognises an AppError of either
 * copy by this mark, and a subclass by its name.
 */
const APP_ERROR_MARK = Symbol.for('wear-your-faith.app-error');

export class AppError extends Error {
  /** The class's own name, kept by minifiers (the mark lists those of the instance's classes). */
  static readonly kind: string = 'AppError';
  readonly [APP_ERROR_MARK]: string[];
  readonly code: AppErrorCode;
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly details: Record<string, unknown>;

  constructor(code: AppErrorCode, options: AppErrorOptions) {
    super(options.message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this[APP_ERROR_MARK] = [];
    for (
      let type = new.target as unknown as typeof AppError | undefined;
      type && 'kind' in type;
      type = Object.getPrototypeOf(type)
    ) {
      this[APP_ERROR_MARK].push(type.kind);
    }
    this.code = code;
    this.status = APP_ERROR_CODES[code];
    this.headers = options.headers ?? {};
    this.details = options.details ?? {};
  }

  static override [Symbol.hasInstance](value: unknown): boolean {
    if (typeof value !== 'object' || value === null || !(APP_ERROR_MARK in value)) return false;
    const kinds = (value as { [APP_ERROR_MARK]: unknown })[APP_ERROR_MARK];
    return Array.isArray(kinds) && kinds.includes(this.kind);
  }
}

/** A payment provider or the external shop failed or refused (502 unless its code says otherwise). */
export class ProviderError extends AppError {
  static override readonly kind: string = 'ProviderError';
  constructor(
    code:
      | 'provider-unreachable'
      | 'refund-unavailable'
      | 'refund-rejected'
      | 'shopify-failed'
      | 'shopify-rejected'
      | 'NOT_ENOUGH_IN_STOCK'
      | 'INVALID_FOR_COUNTRY'
      | 'TOO_LONG',
    options: AppErrorOptions,
  ) {
    super(code, options);
    this.name = 'ProviderError';
  }
}

/** A limit is reached: 429 with Retry-After, always. */
export class TooManyRequestsError extends AppError {
  static override readonly kind: string = 'TooManyRequestsError';
  readonly retryAfterSeconds: number;

  constructor(
    code: 'rate-limited' | 'too-many-attempts' | 'TOO_MANY_REQUESTS' | 'TOO_MANY_ATTEMPTS_FOR_ACCOUNT',
    options: AppErrorOptions & { retryAfterSeconds: number },
  ) {
    const retryAfter = String(Math.max(1, Math.ceil(options.retryAfterSeconds)));
    super(code, { ...options, headers: { ...options.headers, 'Retry-After': retryAfter } });
    this.name = 'TooManyRequestsError';
    this.retryAfterSeconds = Number(retryAfter);
  }
}

/** 400 with the message: the most common refusal (bad input). */
export function badRequest(message: string, code: AppErrorCode = 'invalid-request'): AppError {
  return new AppError(code, { message });
}

export function notFound(message: string, code: AppErrorCode = 'not-found'): AppError {
  return new AppError(code, { message });
}

export function methodNotAllowed(allow: string): AppError {
  return new AppError('method-not-allowed', { message: 'Method not allowed', headers: { Allow: allow } });
}
