/**
 * Online Now and Total Visitors (SPEC §7 Visitor count): sessions silent for over 90 s are
 * marked inactive first (the spec's cleanup_inactive_sessions), then both are counted.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import { VISITOR_INACTIVE_AFTER_MS } from '../../domain/visitor';
import type { Executor } from '../db/client';
import { visitorSessions } from '../db/schema';

export async function deactivateSilentVisitors(options: { db: Executor; now?: Date }): Promise<number> {
  const now = options.now ?? new Date();
  const cutoff = new Date(now.getTime() - VISITOR_INACTIVE_AFTER_MS);
  const updated = await options.db
    .update(visitorSessions)
    .set({ isActive: false })
    .where(and(eq(visitorSessions.isActive, true), lt(visitorSessions.lastSeen, cutoff)))
    .returning({ sessionId: visitorSessions.sessionId });
  return updated.length;
}

export async function countVisitors(options: { db: Executor; now?: Date }) {
  await deactivateSilentVisitors(options);
  const result = await options.db.execute<{ online: string; total: string }>(sql`
    select (select count(*) from visitor_sessions where is_active) as online,
           (select count(*) from visitor_sessions) as total`);
  const row = result.rows[0]!;
  return { onlineNow: Number(row.online), totalVisitors: Number(row.total) };
}
