/** Wires Better Auth into AppServices (bootstrap createServices). */
import type { Logger } from 'pino';
import type { Config } from '../config.server';
import type { Viewer } from '../context';
import type { Database } from '../db/client';
import type { MailDelivery } from '../mail/start-mail-delivery';
import { createAuth, type Auth } from './create-auth';
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
    // Sign-in attempts are counted atomically in front of Better Auth (limit-sign-in.ts).
    handler: (request) => limitSignInAttempts({ db: options.db, request, handle: auth.handler }),
    api: auth.api,
    getViewer: (request) => getViewer({ auth, db: options.db, request }),
  };
}
