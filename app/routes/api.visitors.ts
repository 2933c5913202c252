/**
 * Visitor presence heartbeat (SPEC §7): public, validated, rate-limited per client address.
 * Accepts JSON from fetch and from navigator.sendBeacon (an application/json Blob).
 */
import { VisitorHeartbeatSchema } from '@domain/visitor';
import { hitRateLimit } from '@server/http/rate-limit';
import { AppError, badRequest } from '@server/app-error';
import { jsonRoute, postOnlyLoader } from '@server/http/json-route';
import { recordVisitorHeartbeat } from '@server/visitors/record-visitor-heartbeat';
import type { Route } from './+types/api.visitors';

/** A tab beats every 30 s; 120 a minute leaves room for many tabs behind one address. */
const VISITOR_RULE = { limit: 120, windowMs: 60_000 };

export const loader = postOnlyLoader;

export const action = jsonRoute<Route.ActionArgs>(
  { methods: ['POST'], what: 'visitor heartbeat' },
  async ({ request, context }) => {
    let json: unknown = null;
    try {
      json = JSON.parse(await request.text());
    } catch {
      json = null;
    }
    const heartbeat = VisitorHeartbeatSchema.safeParse(json);
    if (!heartbeat.success) throw badRequest('Invalid visitor heartbeat');
    const limit = await hitRateLimit({ db: context.db, key: `visitors:${context.clientIp}`, rule: VISITOR_RULE });
    if (limit.limited) throw new AppError('rate-limited', { status: 429, message: 'Too many requests' });
    await recordVisitorHeartbeat({ db: context.db, heartbeat: heartbeat.data });
    return new Response(null, { status: 204 });
  },
);
