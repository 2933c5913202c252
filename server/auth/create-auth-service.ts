/** Wires Better Auth into AppServices (bootstrap createServices). */
import type { Logger } from 'pino';
import type { Config } from '../config.server';
import type { Viewer } from '../context';
import type { Database } from '../db/client';
import type { MailDelivery } from '../mail/start-mail-delivery';
import { createAuth, type Auth } from './create-auth';
import { answerAtFloor } from './equal-time';
import { getViewer } from './get-viewer';
import { limitSignInAttempts } from './limit-sign-in';

export interface AuthService {
  handler: Auth['handler'];
  api: Auth['api'];
  getViewer(request: Request): Promise<Viewer | null>;
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
    handler: (request) => answerAtFloor(request, (held) => limitSignInAttempts({ db: options.db, request: held, handle: auth.handler })),
    api: auth.api,
    getViewer: (request) => getViewer({ auth, db: options.db, request }),
  };
}
