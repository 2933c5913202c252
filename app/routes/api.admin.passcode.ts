/** PUT { passcode }: the owner's new admin passcode (issue 27; Owner only). Every passcode session ends. */
import { readJsonBody } from '@server/http/json-request';
import { z } from 'zod';
import { PASSCODE_MIN_LENGTH, STAFF_TEXTS } from '@domain/staff-roles';
import { badRequest, methodNotAllowed } from '@server/app-error';
import { actionOnlyLoader, jsonRoute } from '@server/http/json-route';
import { requireAdminPermission } from '@server/staff/admin-actor';
import { changeAdminPasscode } from '@server/staff/change-passcode';
import type { Route } from './+types/api.admin.passcode';

const BodySchema = z.object({ passcode: z.string() });

export const loader = actionOnlyLoader(['PUT']);

export const action = jsonRoute<Route.ActionArgs>({ what: 'passcode change' }, async ({ request, context }) => {
  const actor = await requireAdminPermission(request, context, 'staff.manage');
  if (request.method !== 'PUT') throw methodNotAllowed('PUT');
  const body = BodySchema.safeParse(await readJsonBody(request));
  if (!body.success) throw badRequest(STAFF_TEXTS.passcodeTooShort(PASSCODE_MIN_LENGTH), 'passcode-too-short');
  const result = await changeAdminPasscode({ db: context.db, actor, passcode: body.data.passcode });
  context.logger.warn({ by: actor.label, endedSessions: result.endedSessions }, 'admin passcode changed');
  return { success: true, message: STAFF_TEXTS.passcodeChanged };
});
