import { describe, expect, it } from 'vitest';
import { AUTH_TEXTS, authResponseFeedback, validateAuthForm } from './auth-feedback';
import * as MESSAGES from './messages';

describe('validateAuthForm (SPEC §5)', () => {
  it('asks for the required sign-up fields', () => {
    expect(validateAuthForm('signUp', { email: ' ', password: 'longenough' })?.title).toBe(MESSAGES.signUpRequiredFields);
    expect(validateAuthForm('signUp', { email: 'a@b.co', password: '' })?.title).toBe(MESSAGES.signUpRequiredFields);
  });
  it('asks for e-mail and password on sign-in', () => {
    expect(validateAuthForm('signIn', { email: '', password: 'x' })?.title).toBe(MESSAGES.signInRequiredFields);
  });
  it('refuses a password under 8 characters on sign-up only', () => {
    expect(validateAuthForm('signUp', { email: 'a@b.co', password: '1234567' })?.description).toBe(AUTH_TEXTS.weakPassword);
    expect(validateAuthForm('signUp', { email: 'a@b.co', password: '12345678' })).toBeNull();
    expect(validateAuthForm('signIn', { email: 'a@b.co', password: '1' })).toBeNull();
  });
});

describe('authResponseFeedback (SPEC §8)', () => {
  it('tells a registered e-mail on sign-up', () => {
    const f = authResponseFeedback('signUp', { status: 422, code: 'USER_ALREADY_EXISTS' });
    expect([f.title, f.description]).toEqual([MESSAGES.accountExistsTitle, MESSAGES.accountExistsDescription]);
  });
  it('says check your email after sign-up', () => {
    expect(authResponseFeedback('signUp', { status: 200 }).title).toBe(MESSAGES.checkEmailTitle);
  });
  it('says invalid credentials on a wrong password', () => {
    const f = authResponseFeedback('signIn', { status: 401, code: 'INVALID_EMAIL_OR_PASSWORD' });
    expect(f.title).toBe(MESSAGES.invalidCredentialsTitle);
    expect(f.description).toBe(MESSAGES.invalidCredentialsDescription);
  });
  it('offers a new link to an unconfirmed account', () => {
    const f = authResponseFeedback('signIn', { status: 403, code: 'EMAIL_NOT_VERIFIED' });
    expect(f.offerNewLink).toBe(true);
    expect(f.title).toBe(AUTH_TEXTS.emailNotConfirmedTitle);
  });
  it('explains the rate limit', () => {
    expect(authResponseFeedback('signIn', { status: 429 }).description).toBe(AUTH_TEXTS.tooManyAttempts);
  });
  it('explains a weak password answered by the server', () => {
    expect(authResponseFeedback('signUp', { status: 400, code: 'PASSWORD_TOO_SHORT' }).description).toBe(
      AUTH_TEXTS.weakPassword,
    );
  });
  it('falls back to the unexpected-error text', () => {
    expect(authResponseFeedback('signIn', { status: 500, message: 'boom' }).description).toBe(MESSAGES.unexpectedError);
    expect(authResponseFeedback('signUp', { status: 400, message: 'Invalid email' })).toMatchObject({
      title: MESSAGES.signUpFailedTitle,
      description: 'Invalid email',
    });
  });
});
