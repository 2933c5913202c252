/**
 * Visitor presence heartbeat (SPEC §7): public, validated, rate-limited per client address.
 * Accepts JSON from fetch and from navigator.sendBeacon (an application/json Blob).
 */
import { VisitorHeartbeatSchema } from '@domain/visitor';
import { enforceRateLimit } from '@server/http/rate-limit';
import { readJsonBody } from '@server/http/json-request';
import { badRequest } from '@server/app-error';
import { jsonRoute, postOnlyLoader } from '@server/http/json-route';
import { recordVisitorHeartbeat } from '@server/visitors/record-visitor-heartbeat';
import type { Route } from './+types/api.visitors';

/** A tab beats every 30 s; 120 a minute leaves room for many tabs behind one address. */
const VISITOR_RULE = { limit: 120, windowMs: 60_000 };

export const loader = postOnlyLoader;

export const action = jsonRoute<Route.ActionArgs>(
  { methods: ['POST'], what: 'visitor heartbeat' },
  async ({ request, context }) => {
    const heartbeat = VisitorHeartbeatSchema.safeParse(await readJsonBody(request));
    if (!heartbeat.success) throw badRequest('Invalid visitor heartbeat');
    await enforceRateLimit({
      db: context.db,
      key: `visitors:${context.clientIp}`,
      rule: VISITOR_RULE,
      message: 'Too many requests',
    });
    await recordVisitorHeartbeat({ db: context.db, heartbeat: heartbeat.data });
    return new Response(null, { status: 204 });
  },
);
