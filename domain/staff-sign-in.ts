/**
 * The texts of a staff member's second sign-in step at /auth and of the two-factor set-up
 * (issue 27). A module apart from staff-roles.ts so the storefront's /auth chunk does not carry
 * the permission table.
 */
export const STAFF_SIGN_IN_TEXTS = {
  heading: 'Two-factor sign-in',
  codeIntro: 'Enter the 6-digit code from your authenticator app.',
  recoveryIntro: 'Enter one of your recovery codes. Each code works once.',
  codeLabel: 'Authentication code',
  recoveryLabel: 'Recovery code',
  useRecovery: 'Use a recovery code instead',
  useApp: 'Use the code from your app instead',
  verify: 'Verify',
  codeRequired: 'Please enter the code.',
  codeRefusedTitle: 'Code not accepted',
  codeRefused: 'That code is not valid. Please try the current code from your app.',
} as const;

/** Wrong codes in a row that lock a staff account, and for how long (Better Auth's accountLockout). */
export const STAFF_CODE_LOCKOUT = { maxFailedAttempts: 10, minutes: 15 } as const;

/** Better Auth's e-mailed one-time codes are not used: staff give their app's code. */
const NO_EMAILED_CODES = 'Codes are not sent by email here: enter the code from your authenticator app.';

/**
 * What Better Auth's two-factor step answers, said the shop's way (server/auth/plain-validation-message.ts
 * puts these in its answers; its own words name cookies and features the shop does not use).
 */
export const TWO_FACTOR_ANSWERS: Record<string, string> = {
  INVALID_CODE: STAFF_SIGN_IN_TEXTS.codeRefused,
  INVALID_BACKUP_CODE: 'That recovery code is not valid, or it was used before.',
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE:
    'Too many wrong codes for this sign-in. Please sign in again with your email and password.',
  INVALID_TWO_FACTOR_COOKIE: 'This sign-in has expired. Please sign in again with your email and password.',
  ACCOUNT_TEMPORARILY_LOCKED: `Too many wrong codes: this account is locked for ${STAFF_CODE_LOCKOUT.minutes} minutes. Please try again then.`,
  OTP_NOT_CONFIGURED: NO_EMAILED_CODES,
  OTP_NOT_ENABLED: NO_EMAILED_CODES,
  OTP_HAS_EXPIRED: NO_EMAILED_CODES,
};
