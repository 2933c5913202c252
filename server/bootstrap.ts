/**
 * Start-up steps shared by the production server, the dev server and the tests:
 * lock DATA_DIR (embedded database only), open, migrate, seed, admin passcode.
 */
import { createCatalogReadCache } from './catalog/read-cache';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { pino, type Logger } from 'pino';
import { ensureAdminPasscode } from './admin/passcode';
import type { Config } from './config.server';
import type { AppServices } from './context';
import { lockDataDir } from './db/data-dir-lock';
import { migrateDatabase, openDatabase, type DatabaseHandle } from './db/client';
import { seedDemoCatalogue } from './db/seed';
import { createShopifyService } from './shopify/create-shopify-service';
import { createAuthService } from './auth/create-auth-service';
import { createMailer } from './mail/create-mailer';
import { startMailDelivery } from './mail/start-mail-delivery';
import { getImageStorage } from './media/get-image-storage';
import { createPaymentProvider } from './payments/create-payment-provider';
import { startCheckoutSweep } from './payments/sweep-checkouts';

/**
 * The closed database's WebAssembly memory (hundreds of MB) is freed only by a full
 * collection, which an idle process may not run for a long time: ask for one, once.
 */
function collectGarbageOnce() {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) return exposed();
  v8.setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

export function createLogger(config: Pick<Config, 'logLevel'>): Logger {
  return pino({ level: config.logLevel, base: undefined });
}

export interface PreparedShop {
  services: AppServices;
  database: DatabaseHandle;
  adminPasscodeHash: string;
  /** Set only on the start that generated it: print it once. */
  generatedAdminPasscode?: string;
  /** Releases the DATA_DIR lock and closes the database. */
  close(): Promise<void>;
}

/** Reads AUTH_SECRET, or generates one into DATA_DIR on first start. */
export async function loadAuthSecret(config: Config): Promise<string> {
  if (config.authSecret) return config.authSecret;
  const file = path.join(config.dataDir, 'auth-secret');
  try {
    const existing = (await readFile(file, 'utf8')).trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(32).toString('base64url');
  await writeFile(file, secret + '\n', { mode: 0o600 });
  return secret;
}

/**
 * Creates the process-wide services from an opened, migrated database. Each feature
 * adds its own service here (see AppServices in context.ts).
 */
export async function createServices(options: {
  config: Config;
  logger: Logger;
  database: DatabaseHandle;
  adminPasscodeHash: string;
}): Promise<AppServices> {
  const { config, logger, database, adminPasscodeHash } = options;
  const mail = startMailDelivery({ db: database.db, mailer: createMailer({ config }), logger });
  const services: AppServices = {
    config,
    db: database.db,
    logger,
    adminPasscodeHash,
    catalogCache: createCatalogReadCache(),
    mail,
    auth: createAuthService({ config, db: database.db, secret: await loadAuthSecret(config), logger, mail }),
    paymentProvider: createPaymentProvider({ config, db: database.db }),
    imageStorage: getImageStorage(config),
    checkoutSweep: startCheckoutSweep({ db: database.db, logger, mail }),
  };
  if (config.shopify) {
    services.shopify = createShopifyService({ ...config.shopify, logger });
  }
  return services;
}

export async function prepareShop(options: {
  config: Config;
  logger: Logger;
  /** Tests pass an already opened (and migrated or not) database. */
  database?: DatabaseHandle;
}): Promise<PreparedShop> {
  const { config, logger } = options;
  await mkdir(config.dataDir, { recursive: true });
  let releaseLock: (() => Promise<void>) | undefined;
  if (!options.database && !config.databaseUrl) {
    releaseLock = await lockDataDir(config.dataDir, (error) => {
      logger.fatal({ err: error }, 'lost the DATA_DIR lock; stopping to protect the data');
      process.exit(1);
    });
  }
  let database: DatabaseHandle | undefined;
  // First start on the embedded database: creating it (initdb, migrations, seed) grows the
  // WebAssembly memory, which never shrinks; reopening afterwards returns it (decision 019).
  const embeddedFolder = path.join(config.dataDir, 'db');
  const createsEmbedded =
    !options.database && !config.databaseUrl && !existsSync(path.join(embeddedFolder, 'PG_VERSION'));
  try {
    database =
      options.database ??
      (config.databaseUrl
        ? await openDatabase({ databaseUrl: config.databaseUrl })
        : await openDatabase({ dataDir: config.dataDir }));
    await migrateDatabase(database);
    const seeded = await seedDemoCatalogue(database.db);
    if (seeded.inserted > 0) logger.info({ products: seeded.inserted }, 'demo catalogue seeded');
    const passcode = await ensureAdminPasscode({ db: database.db, configuredPasscode: config.adminPasscode });
    await mkdir(path.join(config.dataDir, 'uploads'), { recursive: true });
    if (createsEmbedded) {
      const created = database;
      database = undefined;
      await created.close();
      database = await openDatabase({ dataDir: config.dataDir });
      collectGarbageOnce();
    }
    const opened = database;
    const services = await createServices({ config, logger, database: opened, adminPasscodeHash: passcode.hash });
    return {
      services,
      database: opened,
      adminPasscodeHash: passcode.hash,
      generatedAdminPasscode: passcode.generatedPasscode,
      async close() {
        await services.checkoutSweep.stop();
        await services.mail.stop();
        await opened.close();
        await releaseLock?.();
      },
    };
  } catch (error) {
    await database?.close().catch(() => undefined);
    await releaseLock?.();
    throw error;
  }
}
