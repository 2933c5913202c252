/**
 * Customer sign-in attempts (issue 12 item 2, issue 30 item 4, decision 029), counted
 * atomically before the password is checked, in the database so that every process shares
 * the counts, on two keys:
 *
 * - **per client address**, SIGN_IN_ADDRESS_RULE: generous, since a dorm or a campus shares one
 *   address behind its NAT; one student's typos do not lock the others out for long;
 * - **per account** (the e-mail address given), SIGN_IN_ACCOUNT_RULE: an attacker spread over
 *   many addresses still gets few guesses at one account. Counted for any address typed, a
 *   registered one or not, so the limit tells nothing about which exist.
 *
 * A successful sign-in hands both counts back: only wrong attempts count. Better Auth's own
 * limiter, which counted every sign-in (8 correct ones in a row gave 5×200 then 3×429), is off
 * for this path (create-auth.ts).
 */
import { AUTH_TEXTS, SIGN_IN_ACCOUNT_LIMIT } from '../../domain/auth-feedback';
import { TooManyRequestsError } from '../app-error';
import type { Executor } from '../db/client';
import { CLIENT_IP_HEADER } from '../http/client-ip-header';
import { appErrorResponse as errorBody } from '../http/json-route';
import { enforceRateLimit, refundRateLimitHit, type RateLimitHit, type RateLimitRule } from '../http/rate-limit';

/** Wrong sign-ins allowed per client address and window. */
export const SIGN_IN_ADDRESS_RULE: RateLimitRule = { limit: 30, windowMs: 5 * 60 * 1000 };
/** Wrong sign-ins allowed per account (e-mail address) and window, from every address together. */
export const SIGN_IN_ACCOUNT_RULE: RateLimitRule = {
  limit: SIGN_IN_ACCOUNT_LIMIT.attempts,
  windowMs: SIGN_IN_ACCOUNT_LIMIT.minutes * 60 * 1000,
};
/**
 * The password step and the two-factor step (issue 27: a wrong or reused code counts with the
 * sign-in limits) share the per-address counter; the two-factor step names no account.
 */
const SIGN_IN_PATHS = new Set([
  '/api/auth/sign-in/email',
  '/api/auth/two-factor/verify-totp',
  '/api/auth/two-factor/verify-backup-code',
]);
/** Longer than any e-mail address (254): a longer text is cut, not stored whole. */
const ACCOUNT_KEY_MAX = 320;

const isSignIn = (request: Request) =>
  request.method === 'POST' &&
  SIGN_IN_PATHS.has(new URL(request.url).pathname.replace(/\/{2,}/g, '/').replace(/\/+$/, ''));

/** The e-mail address of a sign-in body as Better Auth compares it (trimmed, lower-case), or null. */
async function accountOf(request: Request): Promise<string | null> {
  // The HTTP shell has read the body already (body-guard.ts): the clone costs no network read.
  const body: unknown = await request
    .clone()
    .json()
    .catch(() => null);
  const email = (body as { email?: unknown } | null)?.email;
  if (typeof email !== 'string') return null;
  const normalised = email.trim().toLowerCase();
  return normalised ? normalised.slice(0, ACCOUNT_KEY_MAX) : null;
}

/** `error` is the shop's shape; `code` and `message` are what Better Auth's answers carry. */
const refusalOf = (code: 'TOO_MANY_REQUESTS' | 'TOO_MANY_ATTEMPTS_FOR_ACCOUNT', message: string) =>
  ({ code, message, details: { message } }) as const;
const ADDRESS_REFUSAL = refusalOf('TOO_MANY_REQUESTS', AUTH_TEXTS.tooManyAttempts);
const ACCOUNT_REFUSAL = refusalOf('TOO_MANY_ATTEMPTS_FOR_ACCOUNT', AUTH_TEXTS.tooManyAttemptsForAccount);

export async function limitSignInAttempts(options: {
  db: Executor;
  request: Request;
  handle: (request: Request) => Promise<Response>;
}): Promise<Response> {
  const { db, request } = options;
  const handle = async (forwarded: Request) => sameShapeWhenLimited(await options.handle(forwarded));
  if (!isSignIn(request)) return handle(request);
  // Set by the HTTP shell from the socket (or a trusted proxy); never the client's own value.
  const addressKey = `sign-in:${request.headers.get(CLIENT_IP_HEADER) ?? 'unknown'}`;
  const email = await accountOf(request);
  const accountKey = email ? `sign-in-account:${email}` : null;
  let address: RateLimitHit;
  let account: RateLimitHit | undefined;
  try {
    address = await enforceRateLimit({ ...ADDRESS_REFUSAL, db, key: addressKey, rule: SIGN_IN_ADDRESS_RULE });
  } catch (error) {
    if (error instanceof TooManyRequestsError) return tooManyAttempts(error);
    throw error;
  }
  if (accountKey) {
    try {
      account = await enforceRateLimit({ ...ACCOUNT_REFUSAL, db, key: accountKey, rule: SIGN_IN_ACCOUNT_RULE });
    } catch (error) {
      // Not verified, so not a wrong attempt from this address.
      await refundRateLimitHit({ db, key: addressKey, hit: address });
      if (error instanceof TooManyRequestsError) return tooManyAttempts(error);
      throw error;
    }
  }
  const response = await handle(request);
  if (response.ok) {
    await refundRateLimitHit({ db, key: addressKey, hit: address });
    if (accountKey && account) await refundRateLimitHit({ db, key: accountKey, hit: account });
  }
  return response;
}

/** The one 429 (TooManyRequestsError), answered as every JSON route answers it; X-Retry-After as Better Auth sends it. */
function tooManyAttempts(refusal: TooManyRequestsError): Response {
  const response = errorBody(refusal);
  response.headers.set('X-Retry-After', String(refusal.retryAfterSeconds));
  return response;
}

/**
 * Better Auth's own limiter (sign-up, password reset) answers 429 with only `{ message }`: the
 * same refusal is given in the one shape, with its wait.
 */
async function sameShapeWhenLimited(response: Response): Promise<Response> {
  if (response.status !== 429) return response;
  await response.body?.cancel();
  const retryAfterSeconds =
    Number(response.headers.get('X-Retry-After') ?? response.headers.get('Retry-After') ?? 60) || 60;
  return tooManyAttempts(new TooManyRequestsError(ADDRESS_REFUSAL.code, { ...ADDRESS_REFUSAL, retryAfterSeconds }));
}
