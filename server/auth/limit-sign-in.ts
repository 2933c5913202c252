/**
 * Customer sign-in attempts, counted atomically before the password is checked (issue 12
 * item 2), in the database so that every process shares the count: at most SIGN_IN_LIMIT.max
 * wrong attempts per client address and window, whatever the concurrency. Better Auth's own
 * limiter (also configured) reads its counter and writes it back later, so parallel attempts
 * all pass it; this check runs in front of it. A successful sign-in hands its count back.
 */
import { AUTH_TEXTS } from '../../domain/auth-feedback';
import { hitRateLimit, refundRateLimitHit, type RateLimitRule } from '../admin/rate-limit';
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
  request.method === 'POST' && SIGN_IN_PATHS.has(new URL(request.url).pathname.replace(/\/{2,}/g, '/').replace(/\/+$/, ''));

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
  const hit = await hitRateLimit({ db, key, rule: SIGN_IN_RULE });
  if (hit.limited) return tooManyAttempts(String(hit.retryAfterSeconds));
  const response = await handle(request);
  if (response.ok) await refundRateLimitHit({ db, key, hit });
  return response;
}

function tooManyAttempts(retryAfter: string): Response {
  return Response.json(
    // `error` is the shop's shape; `code` and `message` are what Better Auth's answers carry.
    { error: AUTH_TEXTS.tooManyAttempts, code: 'TOO_MANY_REQUESTS', message: AUTH_TEXTS.tooManyAttempts },
    { status: 429, headers: { 'Retry-After': retryAfter, 'X-Retry-After': retryAfter, 'Cache-Control': 'no-store' } },
  );
}

/**
 * Better Auth's own limiter (sign-up, password reset, and sign-in behind this check) answers
 * 429 with only `{ message }`: the same refusal is given in the one shape, with its wait.
 */
async function sameShapeWhenLimited(response: Response): Promise<Response> {
  if (response.status !== 429) return response;
  await response.body?.cancel();
  return tooManyAttempts(response.headers.get('X-Retry-After') ?? response.headers.get('Retry-After') ?? '60');
}
