/**
 * Customer sign-in attempts, counted atomically before the password is checked (issue 12
 * item 2), in the database so that every process shares the count: at most SIGN_IN_LIMIT.max
 * wrong attempts per client address and window, whatever the concurrency. Better Auth's own
 * limiter (also configured) reads its counter and writes it back later, so parallel attempts
 * all pass it; this check runs in front of it. A successful sign-in hands its count back.
 */
import { AUTH_TEXTS } from '../../domain/auth-feedback';
import { TooManyRequestsError } from '../app-error';
import { enforceRateLimit, refundRateLimitHit, type RateLimitHit, type RateLimitRule } from '../http/rate-limit';
import { appErrorResponse as errorBody } from '../http/json-route';
import type { Executor } from '../db/client';
import { CLIENT_IP_HEADER } from '../http/client-ip-header';

/** Failed sign-in attempts allowed per client address and window. */
export const SIGN_IN_LIMIT = { window: 60, max: 5 } as const;
export const SIGN_IN_RULE: RateLimitRule = { limit: SIGN_IN_LIMIT.max, windowMs: SIGN_IN_LIMIT.window * 1000 };
/**
 * The password step and the two-factor step (issue 27: a wrong or reused code counts with the
 * sign-in limits) share one counter per client address.
 */
const SIGN_IN_PATHS = new Set(['/api/auth/sign-in/email', '/api/auth/two-factor/verify-totp', '/api/auth/two-factor/verify-backup-code']);

const isSignIn = (request: Request) =>
  request.method === 'POST' &&
  SIGN_IN_PATHS.has(new URL(request.url).pathname.replace(/\/{2,}/g, '/').replace(/\/+$/, ''));

export async function limitSignInAttempts(options: {
  db: Executor;
  request: Request;
  handle: (request: Request) => Promise<Response>;
}): Promise<Response> {
  const { db, request } = options;
  const handle = async (forwarded: Request) => sameShapeWhenLimited(await options.handle(forwarded));
  if (!isSignIn(request)) return handle(request);
  // Set by the HTTP shell from the socket (or a trusted proxy); never the client's own value.
  const key = `sign-in:${request.headers.get(CLIENT_IP_HEADER) ?? 'unknown'}`;
  let hit: RateLimitHit;
  try {
    hit = await enforceRateLimit({ ...SIGN_IN_REFUSAL, db, key, rule: SIGN_IN_RULE });
  } catch (error) {
    if (error instanceof TooManyRequestsError) return tooManyAttempts(error.retryAfterSeconds);
    throw error;
  }
  const response = await handle(request);
  if (response.ok) await refundRateLimitHit({ db, key, hit });
  return response;
}

/** `error` is the shop's shape; `code` and `message` are what Better Auth's answers carry. */
const SIGN_IN_REFUSAL = {
  code: 'TOO_MANY_REQUESTS',
  message: AUTH_TEXTS.tooManyAttempts,
  details: { message: AUTH_TEXTS.tooManyAttempts },
} as const;

/** The one 429 (TooManyRequestsError), answered as every JSON route answers it; X-Retry-After as Better Auth sends it. */
function tooManyAttempts(retryAfterSeconds: number): Response {
  const refusal = new TooManyRequestsError(SIGN_IN_REFUSAL.code, { ...SIGN_IN_REFUSAL, retryAfterSeconds });
  const response = errorBody(refusal);
  response.headers.set('X-Retry-After', String(refusal.retryAfterSeconds));
  return response;
}

/**
 * Better Auth's own limiter (sign-up, password reset, and sign-in behind this check) answers
 * 429 with only `{ message }`: the same refusal is given in the one shape, with its wait.
 */
async function sameShapeWhenLimited(response: Response): Promise<Response> {
  if (response.status !== 429) return response;
  await response.body?.cancel();
  return tooManyAttempts(
    Number(response.headers.get('X-Retry-After') ?? response.headers.get('Retry-After') ?? 60) || 60,
  );
}
