/**
 * Customer accounts (Better Auth 1.7 with its Drizzle adapter; STACK-NOTES pitfalls 4 to 6):
 * e-mail and password, confirmation required, password reset by e-mailed link,
 * database rate limits per client address (CLIENT_IP_HEADER, set by the HTTP shell
 * from the socket), httpOnly SameSite=Lax cookies, Secure when PUBLIC_URL is https.
 */
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { twoFactor as twoFactorPlugin } from 'better-auth/plugins';
import { hashPassword } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Config } from '../config.server';
import type { Database } from '../db/client';
import { account, rateLimit, session, twoFactor, user, verification } from '../db/schema';
import { ensureCustomerForUser } from '../customers/ensure-customer-for-user';
import { linkOrdersToCustomer } from '../customers/link-orders-to-customer';
import { enqueueEmail } from '../mail/enqueue-email';
import type { MailDelivery } from '../mail/start-mail-delivery';
import { CLIENT_IP_HEADER } from '../http/client-ip-header';
import { passwordResetEmail, verificationEmail } from './auth-emails';
import { MIN_PASSWORD_LENGTH } from '../../domain/auth-feedback';
import { RECOVERY_CODE_COUNT } from '../../domain/staff-roles';
import { createStaffAuthHooks } from '../staff/staff-auth-hooks';
import { STAFF_CODE_LOCKOUT } from '../../domain/staff-sign-in';

export { MIN_PASSWORD_LENGTH };

/** The longest account name (and first or last name) kept. */
const NAME_MAX_LENGTH = 100;

/**
 * The public origin; for a local PUBLIC_URL also its loopback twin (localhost and
 * 127.0.0.1 are different origins to Better Auth, STACK-NOTES pitfall 5).
 */
export function trustedOriginsFor(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  const origins = [url.origin];
  const twin = url.hostname === 'localhost' ? '127.0.0.1' : url.hostname === '127.0.0.1' ? 'localhost' : null;
  if (twin) {
    url.hostname = twin;
    origins.push(url.origin);
  }
  return origins;
}

type AuthLogLevel = 'debug' | 'info' | 'warn' | 'error';

/**
 * Better Auth logs a request it refuses for its own input (a callback URL or origin it does
 * not trust, a cross-site sign-in, a call of a feature the shop leaves off: changing the
 * e-mail, deleting the account) at error level, with an info line of advice after it:
 * anyone can cause them, so they are warnings (and the advice debug), keeping error for
 * faults of the shop (issue 12 item 11).
 */
export function authLogLevel(level: AuthLogLevel, message: string): AuthLogLevel {
  if (
    level === 'error' &&
    /^(Invalid (origin|callbackURL|redirectURL|errorCallbackURL|newUserCallbackURL)\b|Blocked cross-site|(Change email|Delete user) is disabled|send otp isn't configured)/i.test(
      message,
    )
  ) {
    return 'warn';
  }
  if (level === 'info' && message.startsWith("If it's a valid URL")) return 'debug';
  return level;
}

export function createAuth(options: {
  config: Config;
  db: Database;
  secret: string;
  logger: Logger;
  mail: MailDelivery;
}) {
  const { config, db, secret, logger, mail } = options;

  // Queued, then sent in the background: the visitor's answer never waits for the mail server
  // (and its time says nothing about whether a message was sent, equal-time.ts).
  const queueAndSend = async (message: { to: string; subject: string; text: string; html: string }) => {
    await enqueueEmail({ db, message });
    mail.deliverNow().catch((error: unknown) => logger.error({ err: error }, 'mail delivery failed'));
  };

  const nameParts = (body: unknown) => {
    const record = (body ?? {}) as Record<string, unknown>;
    const clean = (value: unknown) =>
      typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, NAME_MAX_LENGTH) : null;
    return { firstName: clean(record.firstName), lastName: clean(record.lastName) };
  };

  const staffHooks = createStaffAuthHooks(db);

  return betterAuth({
    appName: 'Wear Your Faith',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: trustedOriginsFor(config.publicUrl),
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user, session, account, verification, rateLimit, twoFactor },
    }),
    // Staff sign in with a TOTP code (issue 27): the plugin's own set-up (QR URI and ten
    // recovery codes, confirmed with a code) and sign-in step; staff-auth-hooks.ts adds
    // single use of a code and the audit entries.
    plugins: [
      twoFactorPlugin({
        issuer: 'Wear Your Faith',
        backupCodeOptions: { amount: RECOVERY_CODE_COUNT },
        accountLockout: {
          enabled: true,
          maxFailedAttempts: STAFF_CODE_LOCKOUT.maxFailedAttempts,
          durationSeconds: STAFF_CODE_LOCKOUT.minutes * 60,
        },
      }),
    ],
    logger: {
      log: (level, message, ...args) => {
        logger[authLogLevel(level, message)]({ args }, `[auth] ${message.slice(0, 300)}`);
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: 128,
      requireEmailVerification: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user: target, url }) => {
        await queueAndSend({ to: target.email, ...passwordResetEmail(url, config.publicUrl) });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user: target, url }) => {
        await queueAndSend({ to: target.email, ...verificationEmail(url, config.publicUrl) });
      },
      afterEmailVerification: async (verified) => {
        const customer = await ensureCustomerForUser({ db, userId: verified.id, email: verified.email });
        await linkOrdersToCustomer({ db, customerId: customer.id, email: verified.email });
      },
    },
    databaseHooks: {
      user: {
        create: {
          after: async (created, ctx) => {
            const names = nameParts(ctx?.body);
            await ensureCustomerForUser({ db, userId: created.id, email: created.email, ...names });
          },
        },
      },
    },
    hooks: {
      after: createAuthMiddleware(async (ctx) => {
        await staffHooks.after(ctx as never);
      }),
      // SPEC §8 'Account exists': the spec tells a registered e-mail apart on sign-up.
      before: createAuthMiddleware(async (ctx) => {
        await staffHooks.before(ctx as never);
        if (ctx.path === '/update-user' || ctx.path === '/sign-up/email') {
          const name: unknown = ctx.body?.name;
          if (typeof name === 'string' && name.length > NAME_MAX_LENGTH) {
            throw new APIError('BAD_REQUEST', {
              code: 'NAME_TOO_LONG',
              message: `Names are at most ${NAME_MAX_LENGTH} characters.`,
            });
          }
        }
        if (ctx.path !== '/sign-up/email') return;
        const email = typeof ctx.body?.email === 'string' ? ctx.body.email.trim().toLowerCase() : '';
        if (!email) return;
        const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.email, email)).limit(1);
        if (existing) {
          // The work a new account's sign-up does (its password hashed), so the answer's time is the same (equal-time.ts).
          if (typeof ctx.body?.password === 'string') await hashPassword(ctx.body.password.slice(0, 128));
          throw new APIError('UNPROCESSABLE_ENTITY', {
            code: 'USER_ALREADY_EXISTS',
            message: 'User already exists.',
          });
        }
      }),
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 100,
      customRules: {
        // Counted in front of Better Auth, wrong attempts only, per address and per account
        // (limit-sign-in.ts); Better Auth's limiter counted the correct ones too (issue 30 item 4).
        '/sign-in/email': false,
        '/sign-up/email': { window: 60, max: 10 },
        '/request-password-reset': { window: 60, max: 5 },
        '/send-verification-email': { window: 60, max: 5 },
        '/reset-password': { window: 60, max: 10 },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    advanced: {
      useSecureCookies: config.isHttps,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: config.isHttps, path: '/' },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // Stated, not defaulted: Better Auth turns its origin checks off wherever TEST is set
      // in the environment (as every test runner does), so tests would not see production.
      disableOriginCheck: false,
    },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
