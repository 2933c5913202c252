import { describe, expect, it } from 'vitest';
import { plainValidationMessage } from './plain-validation-message';

const refused = (body: unknown, status = 400) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', 'x-kept': '1' } });

describe('plainValidationMessage', () => {
  it("answers a body Better Auth's checker refused in the shop's words, keeping its shape", async () => {
    const request = new Request('http://shop.test/api/auth/sign-in/email', { method: 'POST' });
    const answer = await plainValidationMessage(
      request,
      refused({ message: '[body.password] Invalid input: expected string, received undefined', code: 'VALIDATION_ERROR' }),
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
});
