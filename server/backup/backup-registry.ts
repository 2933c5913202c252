/**
 * The backup_runs table (schema.ts): one row per backup this database made, claimed before
 * the work starts. A scheduled backup's row carries its period's slot, unique, so of several
 * processes (or timers) only one makes it; a claim left by a process that died is taken over.
 */
import os from 'node:os';
import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { backupRuns } from '../db/schema';

export type BackupKind = (typeof backupRuns.$inferSelect)['kind'];

/** A claim older than this without an end is a dead process's: another may take the slot. */
const ABANDONED_AFTER_MINUTES = 30;

export const processName = () => `${os.hostname()}:${process.pid}`;

/** A row for an unscheduled backup (Back up now, the command, before a restore). */
export async function startRun(db: Database, kind: BackupKind): Promise<string> {
  const [row] = await db.insert(backupRuns).values({ kind, claimedBy: processName() }).returning({ id: backupRuns.id });
  return row!.id;
}

/**
 * Claims the scheduled backup of `slot`: its run id, or null when another process has it
 * (made, or being made). A failed or abandoned claim is taken over by one process only (a
 * conditional update).
 */
export async function claimSlot(db: Database, slot: string): Promise<string | null> {
  const [inserted] = await db
    .insert(backupRuns)
    .values({ slot, kind: 'scheduled', claimedBy: processName() })
    .onConflictDoNothing({ target: backupRuns.slot })
    .returning({ id: backupRuns.id });
  if (inserted) return inserted.id;
  const cutoff = sql`now() - make_interval(mins => ${ABANDONED_AFTER_MINUTES})`;
  const [taken] = await db
    .update(backupRuns)
    .set({ status: 'running', claimedBy: processName(), startedAt: sql`now()`, finishedAt: null, error: null })
    .where(
      and(
        eq(backupRuns.slot, slot),
        or(
          and(eq(backupRuns.status, 'failed'), lt(backupRuns.finishedAt, cutoff)),
          and(eq(backupRuns.status, 'running'), lt(backupRuns.startedAt, cutoff)),
        ),
      ),
    )
    .returning({ id: backupRuns.id });
  return taken?.id ?? null;
}

export async function finishRun(
  db: Database,
  id: string,
  archive: { name: string; location: 'local' | 's3'; bytes: number; counts: Record<string, number> },
) {
  await db
    .update(backupRuns)
    .set({ status: 'done', ...archive, finishedAt: sql`now()` })
    .where(eq(backupRuns.id, id));
}

export async function failRun(db: Database, id: string, error: string) {
  await db
    .update(backupRuns)
    .set({ status: 'failed', error: error.slice(0, 2_000), finishedAt: sql`now()` })
    .where(eq(backupRuns.id, id));
}

export async function markRemoved(db: Database, names: string[]) {
  if (!names.length) return;
  await db
    .update(backupRuns)
    .set({ removedAt: sql`now()` })
    .where(and(inArray(backupRuns.name, names), isNull(backupRuns.removedAt)));
}

/** The last finished backups still kept, newest first. */
export async function listDoneRuns(db: Database, limit: number) {
  return db
    .select()
    .from(backupRuns)
    .where(and(eq(backupRuns.status, 'done'), isNull(backupRuns.removedAt)))
    .orderBy(desc(backupRuns.finishedAt))
    .limit(limit);
}

/** The newest failure since the newest success (the panel says what went wrong), or null. */
export async function lastFailure(db: Database) {
  const [row] = await db
    .select({ error: backupRuns.error, finishedAt: backupRuns.finishedAt, status: backupRuns.status })
    .from(backupRuns)
    .where(inArray(backupRuns.status, ['done', 'failed']))
    .orderBy(desc(backupRuns.finishedAt))
    .limit(1);
  return row?.status === 'failed' ? { error: row.error ?? '', at: row.finishedAt } : null;
}
