/**
 * What the /auth page tells a shopper (SPEC §5 validation, §8 auth toasts), decided from
 * the form values and the auth server's answer. Pure: the page only shows the result.
 * Texts beyond the spec (weak password, rate limit, unconfirmed e-mail) are ours.
 */
import * as MESSAGES from './messages';

export const MIN_PASSWORD_LENGTH = 8;
/** Wrong passwords allowed for one e-mail address, from every network together, and how long they count (server/auth/limit-sign-in.ts). */
export const SIGN_IN_ACCOUNT_LIMIT = { attempts: 5, minutes: 15 } as const;

export const AUTH_TEXTS = {
  weakPassword: `Password must be at least ${MIN_PASSWORD_LENGTH} characters.`,
  tooManyAttempts: 'Too many attempts from your network. Please wait a minute and try again.',
  tooManyAttemptsForAccount: `Too many wrong passwords for this email. Please wait ${SIGN_IN_ACCOUNT_LIMIT.minutes} minutes and try again, or reset your password.`,
  emailNotConfirmedTitle: 'Please confirm your email',
  emailNotConfirmedDescription:
    'Open the confirmation link we sent you before signing in. Need a new one? Use "Send a new link" below.',
  verificationSentTitle: 'Confirmation link sent',
  verificationSentDescription: 'Check your inbox for a new confirmation link.',
  emailConfirmedTitle: 'Email confirmed',
  emailConfirmedDescription: 'Your email is confirmed. Sign in to see your loyalty points.',
  invalidLinkTitle: 'This link is no longer valid',
  invalidLinkDescription: 'The link has expired or was already used. Request a new one below.',
  resetRequestedTitle: 'Check your email',
  resetRequestedDescription: 'If an account exists for that email, we sent a link to reset your password.',
  passwordUpdatedTitle: 'Password updated',
  passwordUpdatedDescription: 'You can now sign in with your new password.',
  passwordsDoNotMatch: 'The two passwords do not match.',
  forgotPassword: 'Forgot password?',
} as const;

export type AuthMode = 'signIn' | 'signUp';

export interface AuthFeedback {
  title: string;
  description?: string;
  variant: 'default' | 'destructive';
  /** The page offers to send a new confirmation link. */
  offerNewLink?: boolean;
}

/** Checks before anything is sent (SPEC §5); null when the form may be submitted. */
export function validateAuthForm(
  mode: AuthMode,
  values: { email: string; password: string },
): AuthFeedback | null {
  const email = values.email.trim();
  if (!email || !values.password) {
    return {
      title: mode === 'signUp' ? MESSAGES.signUpRequiredFields : MESSAGES.signInRequiredFields,
      variant: 'destructive',
    };
  }
  if (mode === 'signUp' && values.password.length < MIN_PASSWORD_LENGTH) {
    return { title: MESSAGES.signUpFailedTitle, description: AUTH_TEXTS.weakPassword, variant: 'destructive' };
  }
  return null;
}

/** The toast for an auth server answer (status and Better Auth error code). */
export function authResponseFeedback(
  mode: AuthMode,
  answer: { status: number; code?: string | null; message?: string | null },
): AuthFeedback {
  const { status, code } = answer;
  const failedTitle = mode === 'signUp' ? MESSAGES.signUpFailedTitle : MESSAGES.signInFailedTitle;
  if (status >= 200 && status < 300) {
    return mode === 'signUp'
      ? { title: MESSAGES.checkEmailTitle, description: MESSAGES.checkEmailDescription, variant: 'default' }
      : { title: MESSAGES.redirecting, variant: 'default' };
  }
  if (status === 429) {
    const description = code === 'TOO_MANY_ATTEMPTS_FOR_ACCOUNT' ? AUTH_TEXTS.tooManyAttemptsForAccount : AUTH_TEXTS.tooManyAttempts;
    return { title: failedTitle, description, variant: 'destructive' };
  }
  if (code === 'USER_ALREADY_EXISTS' || code === 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL') {
    return { title: MESSAGES.accountExistsTitle, description: MESSAGES.accountExistsDescription, variant: 'destructive' };
  }
  if (code === 'PASSWORD_TOO_SHORT') {
    return { title: failedTitle, description: AUTH_TEXTS.weakPassword, variant: 'destructive' };
  }
  if (code === 'EMAIL_NOT_VERIFIED') {
    return {
      title: AUTH_TEXTS.emailNotConfirmedTitle,
      description: AUTH_TEXTS.emailNotConfirmedDescription,
      variant: 'destructive',
      offerNewLink: true,
    };
  }
  if (mode === 'signIn' && (code === 'INVALID_EMAIL_OR_PASSWORD' || status === 401)) {
    return {
      title: MESSAGES.invalidCredentialsTitle,
      description: MESSAGES.invalidCredentialsDescription,
      variant: 'destructive',
    };
  }
  if (status >= 500 || !answer.message) {
    return { title: failedTitle, description: MESSAGES.unexpectedError, variant: 'destructive' };
  }
  return { title: failedTitle, description: answer.message, variant: 'destructive' };
}
