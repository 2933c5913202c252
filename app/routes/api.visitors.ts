/**
 * Visitor presence heartbeat (SPEC §7): public, validated, rate-limited per client address.
 * Accepts JSON from fetch and from navigator.sendBeacon (text/plain body).
 */
import { VisitorHeartbeatSchema } from '@domain/visitor';
import { hitRateLimit } from '@server/admin/rate-limit';
import { recordVisitorHeartbeat } from '@server/visitors/record-visitor-heartbeat';
import type { Route } from './+types/api.visitors';

/** A tab beats every 30 s; 120 a minute leaves room for many tabs behind one address. */
const VISITOR_RULE = { limit: 120, windowMs: 60_000 };

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return new Response(null, { status: 405 });
  let json: unknown = null;
  try {
    json = JSON.parse(await request.text());
  } catch {
    json = null;
  }
  const heartbeat = VisitorHeartbeatSchema.safeParse(json);
  if (!heartbeat.success) return Response.json({ error: 'Invalid visitor heartbeat' }, { status: 400 });
  const limit = await hitRateLimit({ db: context.db, key: `visitors:${context.clientIp}`, rule: VISITOR_RULE });
  if (limit.limited) return Response.json({ error: 'Too many requests' }, { status: 429 });
  await recordVisitorHeartbeat({ db: context.db, heartbeat: heartbeat.data });
  return new Response(null, { status: 204 });
}
