/** PATCH { role }: changes a member's role; DELETE removes them (issue 27; Owner only). */
import { readJsonBody } from '@server/http/json-request';
import { z } from 'zod';
import { STAFF_ROLES, STAFF_TEXTS } from '@domain/staff-roles';
import { badRequest, methodNotAllowed, notFound } from '@server/app-error';
import { actionOnlyLoader, jsonRoute } from '@server/http/json-route';
import { requireAdminPermission } from '@server/staff/admin-actor';
import { changeStaffRole, removeStaffMember } from '@server/staff/staff-members';
import type { Route } from './+types/api.admin.staff_.$id';

const METHODS = ['PATCH', 'DELETE'];
const RoleSchema = z.object({ role: z.enum(STAFF_ROLES) });

export const loader = actionOnlyLoader(METHODS);

export const action = jsonRoute<Route.ActionArgs>({ what: 'staff change' }, async ({ request, context, params }) => {
  const actor = await requireAdminPermission(request, context, 'staff.manage');
  if (!METHODS.includes(request.method)) throw methodNotAllowed(METHODS.join(', '));
  const id = z.uuid().safeParse(params.id);
  if (!id.success) throw notFound(STAFF_TEXTS.memberNotFound, 'staff-not-found');
  if (request.method === 'DELETE') {
    await removeStaffMember({ db: context.db, actor, memberId: id.data });
    return { success: true };
  }
  const body = RoleSchema.safeParse(await readJsonBody(request));
  if (!body.success) throw badRequest(STAFF_TEXTS.roleInvalid, 'invalid-role');
  return changeStaffRole({ db: context.db, actor, memberId: id.data, role: body.data.role });
});
