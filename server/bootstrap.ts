/**
 * Start-up steps shared by the production server, the dev server and the tests:
 * lock DATA_DIR (embedded database only), open, migrate, seed, admin passcode.
 */
import { sql } from 'drizzle-orm';
import { createCatalogReadCache } from './catalog/read-cache';
import { startCatalogueSignal } from './cache/catalogue-signal';
import { onStockChange } from './stock/stock-events';
import { createBatchedRateLimit } from './http/batched-rate-limit';
import { START_PAYMENT_RULE } from './http/start-payment-route';
import { createPageCacheStore } from './cache/page-cache-store';
import { externalCollectionTag, externalProductsTag, productShownTags } from '../domain/catalogue-tags';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pino, type Logger } from 'pino';
import { ensureAdminPasscode } from './staff/passcode';
import { createBackupService } from './backup/backup-service';
import type { Config } from './config.server';
import type { AppServices } from './context';
import { createEmbeddedDatabase } from './db/create-embedded';
import { lockDataDir } from './db/data-dir-lock';
import { migrateDatabase, openDatabase, type DatabaseHandle } from './db/client';
import { seedDemoCatalogue } from './db/seed';
import { createShopifyService } from './shopify/create-shopify-service';
import { createAuthService } from './auth/create-auth-service';
import { createMailer } from './mail/create-mailer';
import { startMailDelivery } from './mail/start-mail-delivery';
import { getImageStorage } from './media/get-image-storage';
import { createPaymentProvider } from './payments/create-payment-provider';
import { startCheckoutSweep } from './orders/sweep-checkouts';

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
  // On PostgreSQL several processes may send from one queue, each into its own outbox folder.
  const mail = startMailDelivery({
    db: database.db,
    mailer: createMailer({ config }),
    logger,
    sharedQueue: database.kind === 'postgres',
  });
  const paymentProvider = createPaymentProvider({ config, db: database.db });
  const paymentStartLimit = createBatchedRateLimit({ db: database.db, rule: START_PAYMENT_RULE, logger });
  const catalogCache = createCatalogReadCache();
  const pageCache = config.pageCache ? createPageCacheStore() : undefined;
  // One signal drops both catalogue caches: the lists first, so a page rendered after the
  // drop reads the new rows (decision 018).
  const catalogueSignal = await startCatalogueSignal({
    logger,
    apply(tags) {
      catalogCache.invalidate();
      pageCache?.invalidate(tags);
    },
    postgres:
      database.kind === 'postgres' && config.databaseUrl
        ? {
            databaseUrl: config.databaseUrl,
            notify: (channel, payload) => database.db.execute(sql`select pg_notify(${channel}, ${payload})`),
          }
        : undefined,
  });
  // Stock moved by a checkout, a release or the admin drops the product's pages (decision 018).
  const stopStockEvents = onStockChange((productIds) => catalogueSignal.invalidate(productIds.flatMap(productShownTags)));
  const authService = createAuthService({ config, db: database.db, secret: await loadAuthSecret(config), logger, mail });
  const authServices = { auth: authService, staffAuth: authService };
  const services: AppServices = {
    config,
    db: database.db,
    logger,
    adminPasscodeHash,
    paymentStartLimit,
    catalogCache,
    invalidateCatalogue: (tags) => catalogueSignal.invalidate(tags),
    catalogueSignal: {
      ...catalogueSignal,
      async stop() {
        stopStockEvents();
        await catalogueSignal.stop();
      },
    },
    pageCache,
    mail,
    ...authServices,
    paymentProvider,
    imageStorage: getImageStorage(config),
    backups: createBackupService({ config, logger, database }),
    checkoutSweep: startCheckoutSweep({
      db: database.db,
      logger,
      mail,
      provider: paymentProvider,
      publicUrl: config.publicUrl,
      donationReceiptNote: config.mail.donationReceiptNote,
    }),
  };
  if (config.shopify) {
    services.shopify = createShopifyService({
      ...config.shopify,
      logger,
      // Each process refreshes its own copy of the Shopify catalogue: its own pages drop.
      onCatalogueChange: (key) =>
        catalogueSignal.invalidateHere([
          key.startsWith('collection:') ? externalCollectionTag(key.split(':')[1] ?? '') : externalProductsTag,
        ]),
    });
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
  try {
    // First start on the embedded database: creating it (initdb, migrations, seed) grows the
    // WebAssembly memory, which never shrinks, so a child process creates it (decision 019).
    if (!options.database && !config.databaseUrl && !existsSync(path.join(config.dataDir, 'db', 'PG_VERSION'))) {
      const created = await createEmbeddedDatabase(config.dataDir);
      logger.info({ products: created.seeded }, 'embedded database created');
    }
    database =
      options.database ??
      (config.databaseUrl
        ? await openDatabase({ databaseUrl: config.databaseUrl })
        : await openDatabase({ dataDir: config.dataDir }));
    await migrateDatabase(database);
    const seeded = await seedDemoCatalogue(database.db);
    if (seeded.inserted > 0) logger.info({ products: seeded.inserted }, 'demo catalog seeded');
    const passcode = await ensureAdminPasscode({ db: database.db, configuredPasscode: config.adminPasscode });
    if (passcode.changedInShopAt) {
      logger.warn({ changedAt: passcode.changedInShopAt }, 'ADMIN_PASSCODE is ignored: the owner changed the passcode from the Staff tab');
    }
    await mkdir(path.join(config.dataDir, 'uploads'), { recursive: true });
    const opened = database;
    const services = await createServices({ config, logger, database: opened, adminPasscodeHash: passcode.hash });
    return {
      services,
      database: opened,
      adminPasscodeHash: passcode.hash,
      generatedAdminPasscode: passcode.generatedPasscode,
      async close() {
        await services.catalogueSignal.stop();
        await services.paymentStartLimit.stop();
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
