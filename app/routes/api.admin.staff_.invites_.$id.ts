/** DELETE: revokes an open staff invite (issue 27; Owner only). */
import { z } from 'zod';
import { STAFF_TEXTS } from '@domain/staff-roles';
import { methodNotAllowed, notFound } from '@server/app-error';
import { actionOnlyLoader, jsonRoute } from '@server/http/json-route';
import { requireAdminPermission } from '@server/staff/admin-actor';
import { revokeStaffInvite } from '@server/staff/staff-members';
import type { Route } from './+types/api.admin.staff_.invites_.$id';

export const loader = actionOnlyLoader(['DELETE']);

export const action = jsonRoute<Route.ActionArgs>(
  { what: 'staff invite revoke' },
  async ({ request, context, params }) => {
    const actor = await requireAdminPermission(request, context, 'staff.manage');
    if (request.method !== 'DELETE') throw methodNotAllowed('DELETE');
    const id = z.uuid().safeParse(params.id);
    if (!id.success) throw notFound(STAFF_TEXTS.inviteInvalid, 'invite-not-found');
    await revokeStaffInvite({ db: context.db, actor, inviteId: id.data });
    return { success: true };
  },
);
