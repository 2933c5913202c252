/**
 * What /healthz reports (issue 30 item 2, decision 029): whether the shop can work, not only
 * whether the database answers. Two writes, each bounded by HEALTH_TIMEOUT_MS:
 *
 * - **database**: one row of health_probe upserted and committed, so a database that refuses
 *   writes (read-only, its disk full) fails the check as one that does not answer does;
 * - **dataDir**: a small file written, flushed and removed in DATA_DIR (the embedded database,
 *   the mail outbox, uploads and backups live there), so a full or read-only disk fails it.
 *
 * 503 names each check that failed and why; a load balancer takes the process out until they
 * pass again. Probes arriving together share one run.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, unlink } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

export const HEALTH_TIMEOUT_MS = 3_000;
const PROBE_BYTES = Buffer.alloc(4096, 0x2e);

export type HealthCheck = 'database' | 'dataDir';

export interface Health {
  ok: boolean;
  /** 'ok', or what went wrong. */
  checks: Record<HealthCheck, string>;
}

function withinTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} did not answer within ${HEALTH_TIMEOUT_MS / 1000} s`)),
      HEALTH_TIMEOUT_MS,
    );
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

async function writeDatabase(db: Database): Promise<void> {
  await db.execute(sql`
    insert into health_probe (id, checked_at) values ('probe', now())
    on conflict (id) do update set checked_at = excluded.checked_at`);
}

async function writeDataDir(dataDir: string): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  const file = path.join(dataDir, `.healthz-${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
  const handle = await open(file, 'wx');
  try {
    await handle.writeFile(PROBE_BYTES);
    await handle.sync();
  } finally {
    await handle.close().catch(() => undefined);
    await unlink(file).catch(() => undefined);
  }
}

/** The reason of a failure: the database's own (Drizzle wraps it with the query), or the file system's. */
function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? error.cause.message : error.message;
}

const outcome = (work: Promise<void>, what: string): Promise<string> =>
  withinTimeout(work, what).then(
    () => 'ok',
    (error: unknown) => `cannot write: ${reasonOf(error)}`.slice(0, 300),
  );

export function createHealthCheck(options: { db: Database; dataDir: string }): () => Promise<Health> {
  let running: Promise<Health> | null = null;
  const run = async (): Promise<Health> => {
    const [database, dataDir] = await Promise.all([
      outcome(writeDatabase(options.db), 'the database'),
      outcome(writeDataDir(options.dataDir), 'DATA_DIR'),
    ]);
    return { ok: database === 'ok' && dataDir === 'ok', checks: { database, dataDir } };
  };
  return () => {
    running ??= run().finally(() => {
      running = null;
    });
    return running;
  };
}
