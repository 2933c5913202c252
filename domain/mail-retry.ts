/**
 * How the shop retries an e-mail it could not send (issue 30 item 1, decision 029): the rule
 * (server/mail/deliver-queued-email.ts) and the sentences of the admin's Mail tab and dashboard
 * are built from these constants, so they cannot disagree.
 */

/** How long a message is retried before it is marked failed. */
export const RETRY_FOR_MS = 24 * 60 * 60 * 1000;
/** The wait after the first failed attempt; it doubles after each one ... */
export const FIRST_RETRY_DELAY_MS = 30_000;
/** ... up to this. */
export const MAX_RETRY_DELAY_MS = 60 * 60 * 1000;

/** The wait after the `attempts`-th failed attempt: 30 s, 1 min, 2 min … at most an hour. */
export function retryDelayMs(attempts: number): number {
  const doublings = Math.min(Math.max(attempts - 1, 0), 20);
  return Math.min(FIRST_RETRY_DELAY_MS * 2 ** doublings, MAX_RETRY_DELAY_MS);
}

const RETRY_FOR_HOURS = RETRY_FOR_MS / 3_600_000;
const FIRST_SECONDS = FIRST_RETRY_DELAY_MS / 1000;
const MAX_MINUTES = MAX_RETRY_DELAY_MS / 60_000;
const maxWait =
  MAX_MINUTES % 60 === 0
    ? `${MAX_MINUTES / 60 === 1 ? 'an hour' : `${MAX_MINUTES / 60} hours`}`
    : `${MAX_MINUTES} minutes`;

export const MAIL_RETRY_TEXTS = {
  failedIntro: `Emails the shop tried for ${RETRY_FOR_HOURS} hours without success. Send one again once the mail server works.`,
  schedule: `A failed attempt is retried after ${FIRST_SECONDS} seconds, then the wait doubles up to ${maxWait}, for ${RETRY_FOR_HOURS} hours.`,
  dashboardCount: (count: number) =>
    `${count === 1 ? '1 email' : `${count} emails`} could not be sent after ${RETRY_FOR_HOURS} hours of trying.`,
};
