/**
 * Visitor heartbeat and leave (SPEC §7): upsert on session_id; the address is never stored
 * (ip_address stays null, SPEC §3). A leave only flips is_active of an existing row.
 */
import { eq } from 'drizzle-orm';
import type { VisitorHeartbeat } from '../../domain/visitor';
import type { Executor } from '../db/client';
import { visitorSessions } from '../db/schema';

export async function recordVisitorHeartbeat(options: { db: Executor; heartbeat: VisitorHeartbeat; now?: Date }) {
  const { heartbeat } = options;
  const now = options.now ?? new Date();
  if (!heartbeat.isActive) {
    await options.db
      .update(visitorSessions)
      .set({ isActive: false, lastSeen: now })
      .where(eq(visitorSessions.sessionId, heartbeat.sessionId));
    return;
  }
  const values = {
    sessionId: heartbeat.sessionId,
    ipAddress: null,
    userAgent: heartbeat.userAgent ?? null,
    pageUrl: heartbeat.pageUrl,
    isActive: true,
    lastSeen: now,
  };
  await options.db
    .insert(visitorSessions)
    .values(values)
    .onConflictDoUpdate({
      target: visitorSessions.sessionId,
      set: { userAgent: values.userAgent, pageUrl: values.pageUrl, isActive: true, lastSeen: now },
    });
}
