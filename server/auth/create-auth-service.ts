/** Wires Better Auth into AppServices (bootstrap createServices). */
import type { Logger } from 'pino';
import type { Config } from '../config.server';
import type { SignedInAccount, Viewer } from '../context';

export type { SignedInAccount };
import type { Database } from '../db/client';
import type { MailDelivery } from '../mail/start-mail-delivery';
import { createAuth, type Auth } from './create-auth';
import { answerAtFloor } from './equal-time';
import { getViewer } from './get-viewer';
import { limitSignInAttempts } from './limit-sign-in';
import { plainValidationMessage } from './plain-validation-message';


export interface AuthService {
  handler: Auth['handler'];
  api: Auth['api'];
  getViewer(request: Request): Promise<Viewer | null>;
  /** The account of the request's session cookie (confirmed e-mail), or null. */
  getSignedInAccount(request: Request): Promise<SignedInAccount | null>;
  /** Better Auth's own password hash, for an account made from a staff invite. */
  hashPassword(password: string): Promise<string>;
  /** Signs in with e-mail and password; the answer's Set-Cookie headers start the session. */
  signIn(options: { email: string; password: string; headers: Headers }): Promise<Headers>;
}

export function createAuthService(options: {
  config: Config;
  db: Database;
  secret: string;
  logger: Logger;
  mail: MailDelivery;
}): AuthService {
  const auth = createAuth(options);
  return {
    // Sign-in attempts are counted atomically in front of Better Auth (limit-sign-in.ts); a
    // sign-up and a password reset answer at a fixed time, whether or not the address has an account (equal-time.ts).
    // A body refused by Better Auth's checker answers in the shop's words (plain-validation-message.ts).
    handler: async (request) =>
      plainValidationMessage(
        request,
        await answerAtFloor(request, (held) => limitSignInAttempts({ db: options.db, request: held, handle: auth.handler })),
      ),
    api: auth.api,
    getViewer: (request) => getViewer({ auth, db: options.db, request }),
    async getSignedInAccount(request) {
      if (!request.headers.get('cookie')) return null;
      const found = await auth.api.getSession({ headers: request.headers });
      if (!found?.user || !found.user.emailVerified) return null;
      return {
        userId: found.user.id,
        email: found.user.email.toLowerCase(),
        twoFactorEnabled: Boolean((found.user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled),
      };
    },
    async hashPassword(password) {
      return (await auth.$context).password.hash(password);
    },
    async signIn({ email, password, headers }) {
      const { headers: answer } = await auth.api.signInEmail({ body: { email, password }, headers, returnHeaders: true });
      return answer;
    },
  };
}
