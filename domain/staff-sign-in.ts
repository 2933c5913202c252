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
