/**
 * Better Auth answers some refusals in its own words: a body that lacks a field with its
 * checker's ("[body.password] Invalid input: expected string, received undefined"), the
 * two-factor step with words that name its cookie or features the shop does not use ("Invalid
 * two factor cookie", "OTP is not available"). Those answers say it the shop's way instead
 * (SPEC's texts for sign-in and sign-up; domain/staff-sign-in.ts TWO_FACTOR_ANSWERS). The
 * answer keeps Better Auth's shape (`message`, `code`) and status, which its client reads.
 */
import * as MESSAGES from '../../domain/messages';
import { TWO_FACTOR_ANSWERS } from '../../domain/staff-sign-in';

/** What a refused body says, by the endpoint's path. */
export function plainValidationText(pathname: string): string {
  if (pathname.endsWith('/sign-in/email')) return MESSAGES.signInRequiredFields;
  if (pathname.endsWith('/sign-up/email')) return MESSAGES.signUpRequiredFields;
  return 'Please check the form: a field is missing or not valid.';
}

export async function plainValidationMessage(request: Request, response: Response): Promise<Response> {
  if (response.status < 400 || response.status >= 500) return response;
  if (!response.headers.get('content-type')?.includes('application/json')) return response;
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: unknown } | null;
  const code = typeof body?.code === 'string' ? body.code : null;
  const message =
    code === 'VALIDATION_ERROR' && response.status === 400
      ? plainValidationText(new URL(request.url).pathname)
      : code && Object.hasOwn(TWO_FACTOR_ANSWERS, code)
        ? TWO_FACTOR_ANSWERS[code]
        : null;
  if (!message) return response;
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify({ message, code }), { status: response.status, headers });
}
