/**
 * Equal-time answers for the account endpoints that would otherwise tell an account guesser
 * whether an address is registered by how fast they answer (issue 30 item 5, decision 029).
 *
 * - A password reset for an unknown address skips the token and the e-mail (14 vs 26 ms
 *   measured); a sign-up with a registered address says 'Account exists' (SPEC §8) before a
 *   new account's password is hashed (about 100 ms of CPU).
 * - The registered sign-up hashes the password it was given all the same (create-auth.ts), so
 *   both do the same costly work; and each answer of these paths is held until
 *   EQUAL_TIME_FLOORS_MS after the request came in, above the slower path's time, so both
 *   answer at the floor. The e-mails are queued, never sent while the visitor waits.
 */
export const EQUAL_TIME_FLOORS_MS = {
  '/api/auth/request-password-reset': 250,
  '/api/auth/sign-up/email': 700,
} as const;

type FloorPath = keyof typeof EQUAL_TIME_FLOORS_MS;

function floorOf(request: Request): number | undefined {
  if (request.method !== 'POST') return undefined;
  const pathname = new URL(request.url).pathname
    .replace(/\/{2,}/g, '/')
    .replace(/\/+$/, '')
    .toLowerCase();
  return EQUAL_TIME_FLOORS_MS[pathname as FloorPath];
}

/** Answers no sooner than the path's floor after the request came in (other paths as they are). */
export async function answerAtFloor(
  request: Request,
  handle: (request: Request) => Promise<Response>,
): Promise<Response> {
  const floor = floorOf(request);
  if (floor === undefined) return handle(request);
  const started = performance.now();
  const response = await handle(request);
  const wait = floor - (performance.now() - started);
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  return response;
}
