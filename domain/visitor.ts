/**
 * Visitor presence: the single source of the heartbeat timing and what a heartbeat may carry.
 * SPEC §4 Visitor session: "starts active on page load with a random identifier generated once
 * per browser tab session ... Refreshed by an upsert at start and every 30 seconds. On leaving
 * the page it is marked inactive." SPEC §9: "Visitor heartbeat: 30 seconds."
 * A session counts as online while its last heartbeat is under 90 s old (three missed beats).
 */
import { z } from 'zod';

export const VISITOR_HEARTBEAT_MS = 30_000;
export const VISITOR_INACTIVE_AFTER_MS = 90_000;

export const VISITOR_SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
export const VISITOR_USER_AGENT_MAX_LENGTH = 512;

/**
 * A heartbeat from the browser. The user agent is cut to 512 characters rather than refused,
 * so an unusually long one still counts the visit.
 */
export const VisitorHeartbeatSchema = z.object({
  sessionId: z.string().regex(VISITOR_SESSION_ID_PATTERN),
  pageUrl: z.string().max(2048),
  userAgent: z
    .string()
    .transform((value) => value.slice(0, VISITOR_USER_AGENT_MAX_LENGTH))
    .optional(),
  isActive: z.boolean(),
});

export type VisitorHeartbeat = z.infer<typeof VisitorHeartbeatSchema>;

/** True while the last heartbeat is recent enough to count the visitor as online. */
export function isVisitorOnline(lastSeenMs: number, nowMs: number): boolean {
  return nowMs - lastSeenMs < VISITOR_INACTIVE_AFTER_MS;
}
