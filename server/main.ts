/**
 * Process entry (`npm start` through scripts/start.mjs, `npm run dev` with --dev):
 * config, database, migrations, seed, HTTP, graceful shutdown.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import dotenv from 'dotenv';
import type { ServerBuild } from 'react-router';
import { startBackupSchedule } from './backup/backup-schedule';
import { startControlSocket } from './backup/control-socket';
import { createLogger, prepareShop } from './bootstrap';
import { ConfigError, parseConfig } from './config.server';
import { DataDirLockedError } from './db/data-dir-lock';
import { createHttpApp } from './http/create-app';
import { closeGracefully, createShopServer } from './http/create-server';
import { ROOT } from './paths';
import { startPageCacheSweep } from './cache/page-cache-store';
import { collectStartupGarbage, scheduleStartupGarbageCollection } from './startup-garbage';

const isDev = process.argv.includes('--dev');

async function main() {
  dotenv.config({ path: path.join(ROOT, '.env'), quiet: true });
  if (isDev) process.env.NODE_ENV ??= 'development';
  let config;
  try {
    config = parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config);
  if (!isDev && process.env.NODE_ENV !== 'production') {
    // React and React Router chose their builds when they were imported, before this line.
    logger.warn('NODE_ENV is not "production": pages render with React\'s development build, several times slower. Start with `npm start`.');
  }

  let shop;
  try {
    shop = await prepareShop({ config, logger });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // Backups (decision 028): every process looks for its period's backup; on the embedded
  // database `npm run backup` asks this process over a socket in DATA_DIR.
  const backupSchedule = startBackupSchedule({ service: shop.services.backups, everyHours: config.backup.everyHours, logger });
  const controlSocket =
    shop.database.kind === 'pglite'
      ? await startControlSocket({ dataDir: config.dataDir, backUpNow: () => shop.services.backups.backUpNow(), logger })
      : null;

  let build: ServerBuild | (() => Promise<ServerBuild>);
  let handleDevAssets: ((req: IncomingMessage, res: ServerResponse, next: () => void) => void) | undefined;
  let closeVite: (() => Promise<void>) | undefined;
  if (isDev) {
    const { createServer: createViteServer } = await import('vite');
    const vite = await createViteServer({ root: ROOT, server: { middlewareMode: true }, appType: 'custom' });
    build = () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>;
    handleDevAssets = vite.middlewares;
    closeVite = () => vite.close();
  } else {
    build = (await import(pathToFileURL(path.join(ROOT, 'build/server/index.js')).href)) as ServerBuild;
  }

  const app = createHttpApp({
    services: shop.services,
    database: shop.database,
    build,
    clientDir: isDev ? path.join(ROOT, 'public') : path.join(ROOT, 'build/client'),
    uploadsDir: path.join(config.dataDir, 'uploads'),
    mode: isDev ? 'development' : 'production',
  });
  // The connection cap and the request deadline (create-server.ts, issue 30 item 6).
  const server = createShopServer({ fetch: app.fetch, limits: config.server, logger, devMiddleware: handleDevAssets });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, resolve);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = config.publicUrl.includes(`:${config.port}`)
    ? config.publicUrl.replace(`:${config.port}`, `:${port}`)
    : config.publicUrl;
  // One write, so a reader of stdout sees the address and the passcode together.
  const banner = [
    `Wear Your Faith is running at ${url} (${shop.database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'}${isDev ? ', development' : ''})`,
  ];
  if (shop.generatedAdminPasscode) {
    banner.push(`Admin passcode (shown once, only its hash is kept): ${shop.generatedAdminPasscode}`);
  }
  console.log(banner.join('\n'));
  // Start-up's garbage goes back to the system before the shop's first visitor (decision 019).
  if (!isDev) scheduleStartupGarbageCollection();
  // Stale pages leave the page cache every minute; a large sweep gives its memory back (issue 30 item 6).
  const stopPageCacheSweep = shop.services.pageCache ? startPageCacheSweep(shop.services.pageCache, collectStartupGarbage) : undefined;

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    // Stop accepting; requests in flight finish; each connection closes once it is idle (create-server.ts).
    closeGracefully(server, {
      logger,
      onClosed: async () => {
        try {
          stopPageCacheSweep?.();
          await closeVite?.();
          await controlSocket?.close();
          await backupSchedule.stop();
          await shop.close();
          process.exit(0);
        } catch (error) {
          logger.error({ err: error }, 'error while shutting down');
          process.exit(1);
        }
      },
    });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error('Failed to start:', error instanceof Error ? error.message : error);
  if (error instanceof Error && error.stack) console.error(error.stack);
  process.exit(1);
});
