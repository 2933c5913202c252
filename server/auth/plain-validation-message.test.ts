import { describe, expect, it } from 'vitest';
import { plainValidationMessage } from './plain-validation-message';

const refused = (body: unknown, status = 400) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', 'x-kept': '1' } });

describe('plainValidationMessage', () => {
  it("answers a body Better Auth's checker refused in the shop's words, keeping its shape", async () => {
    const request = new Request('http://shop.test/api/auth/sign-in/email', { method: 'POST' });
    const answer = await plainValidationMessage(
      request,
      refused({
        message: '[body.password] Invalid input: expected string, received undefined',
        code: 'VALIDATION_ERROR',
      }),
    );
    expect(answer.status).toBe(400);
    expect(answer.headers.get('x-kept')).toBe('1');
    expect(await answer.json()).toEqual({ message: 'Please enter your email and password.', code: 'VALIDATION_ERROR' });
    const signUp = await plainValidationMessage(
      new Request('http://shop.test/api/auth/sign-up/email', { method: 'POST' }),
      refused({ message: '[body.name] Invalid input', code: 'VALIDATION_ERROR' }),
    );
    expect(((await signUp.json()) as { message: string }).message).toBe('Please fill in all required fields.');
  });

  it('leaves every other answer as it is', async () => {
    const request = new Request('http://shop.test/api/auth/sign-in/email', { method: 'POST' });
    const wrongPassword = refused({ message: 'Invalid email or password', code: 'INVALID_EMAIL_OR_PASSWORD' }, 401);
    expect(await plainValidationMessage(request, wrongPassword)).toBe(wrongPassword);
    const otherCode = refused({ message: 'Password too short', code: 'PASSWORD_TOO_SHORT' });
    expect(await plainValidationMessage(request, otherCode)).toBe(otherCode);
    const text = new Response('nope', { status: 400 });
    expect(await plainValidationMessage(request, text)).toBe(text);
  });

  it("says the two-factor step's refusals the shop's way, keeping their status", async () => {
    const request = new Request('http://shop.test/api/auth/two-factor/verify-totp', { method: 'POST' });
    const cases: [string, number, string][] = [
      [
        'INVALID_TWO_FACTOR_COOKIE',
        401,
        'This sign-in has expired. Please sign in again with your email and password.',
      ],
      [
        'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE',
        400,
        'Too many wrong codes for this sign-in. Please sign in again with your email and password.',
      ],
      [
        'ACCOUNT_TEMPORARILY_LOCKED',
        429,
        'Too many wrong codes: this account is locked for 15 minutes. Please try again then.',
      ],
      ['OTP_NOT_CONFIGURED', 400, 'Codes are not sent by email here: enter the code from your authenticator app.'],
    ];
    for (const [code, status, message] of cases) {
      const answer = await plainValidationMessage(request, refused({ message: 'library words', code }, status));
      expect(answer.status, code).toBe(status);
      expect(await answer.json()).toEqual({ message, code });
    }
  });
});
