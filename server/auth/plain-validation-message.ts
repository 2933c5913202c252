/**
 * Better Auth refuses a body that lacks a field with its checker's words ("[body.password]
 * Invalid input: expected string, received undefined"). Its sign-in and sign-up answer with the
 * shop's own sentence instead (SPEC's texts, as the auth page says them); other endpoints with a
 * plain one. The answer keeps Better Auth's shape (`message`, `code`) and status, which its
 * client reads.
 */
import * as MESSAGES from '../../domain/messages';

/** What a refused body says, by the endpoint's path. */
export function plainValidationText(pathname: string): string {
  if (pathname.endsWith('/sign-in/email')) return MESSAGES.signInRequiredFields;
  if (pathname.endsWith('/sign-up/email')) return MESSAGES.signUpRequiredFields;
  return 'Please check the form: a field is missing or not valid.';
}

export async function plainValidationMessage(request: Request, response: Response): Promise<Response> {
  if (response.status !== 400 || !response.headers.get('content-type')?.includes('application/json')) return response;
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: unknown } | null;
  if (body?.code !== 'VALIDATION_ERROR') return response;
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(
    JSON.stringify({ message: plainValidationText(new URL(request.url).pathname), code: 'VALIDATION_ERROR' }),
    { status: 400, headers },
  );
}
