/**
 * Starts the checkout floor (bench/yardstick/checkout-floor.ts) beside a running shop, on the
 * same kind of database: a fresh temporary DATA_DIR for the embedded one, a fresh database on
 * the same PostgreSQL server for PostgreSQL. Stopped (and its database dropped) by `stop`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createBenchDatabase } from './postgres';
import { startServer } from '../../tools/measure/server';
import type { ScenarioContext } from '../../tools/measure/types';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface CheckoutFloor {
  baseUrl: string;
  stop: () => Promise<void>;
}

export async function startCheckoutFloor(ctx: Pick<ScenarioContext, 'databaseUrl'>): Promise<CheckoutFloor> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'wyf-floor-'));
  let database: Awaited<ReturnType<typeof createBenchDatabase>> | undefined;
  if (ctx.databaseUrl) {
    const admin = new URL(ctx.databaseUrl);
    admin.pathname = '/postgres';
    database = await createBenchDatabase(admin.href);
  }
  try {
    const server = await startServer({
      root: ROOT,
      dataDir,
      databaseUrl: database?.url,
      startTimeoutMs: 120_000,
      stopGraceMs: 10_000,
      script: 'bench/yardstick/checkout-floor.ts',
      nodeArgs: ['--import', 'tsx'],
    });
    return {
      baseUrl: server.baseUrl,
      stop: async () => {
        await server.stop();
        await database?.drop();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}
