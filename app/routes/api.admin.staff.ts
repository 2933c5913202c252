/**
 * The Staff tab (issue 27; Owner only): GET the members and open invites; POST { email, role }
 * invites a person (the e-mail goes through the outbox with a single-use 72-hour link).
 */
import { readJsonBody } from '@server/http/json-request';
import { z } from 'zod';
import { STAFF_ROLES, STAFF_TEXTS } from '@domain/staff-roles';
import { badRequest, methodNotAllowed } from '@server/app-error';
import { jsonResponse, jsonRoute } from '@server/http/json-route';
import { requireAdminPermission } from '@server/staff/admin-actor';
import { InviteEmailSchema, inviteStaffMember, listStaff } from '@server/staff/staff-members';
import type { Route } from './+types/api.admin.staff';

const InviteSchema = z.object({ email: z.string(), role: z.string() });

export const loader = jsonRoute<Route.LoaderArgs>({ what: 'admin staff' }, async ({ request, context }) => {
  await requireAdminPermission(request, context, 'staff.manage');
  return listStaff({ db: context.db });
});

export const action = jsonRoute<Route.ActionArgs>({ what: 'staff invite' }, async ({ request, context }) => {
  const actor = await requireAdminPermission(request, context, 'staff.manage');
  if (request.method !== 'POST') throw methodNotAllowed('POST');
  const body = InviteSchema.safeParse(await readJsonBody(request));
  if (!body.success) throw badRequest(STAFF_TEXTS.emailInvalid, 'invalid-invite');
  const email = InviteEmailSchema.safeParse(body.data.email.trim().toLowerCase());
  if (!email.success) throw badRequest(STAFF_TEXTS.emailInvalid, 'invalid-email');
  const role = z.enum(STAFF_ROLES).safeParse(body.data.role);
  if (!role.success) throw badRequest(STAFF_TEXTS.roleInvalid, 'invalid-role');
  const result = await inviteStaffMember({
    db: context.db,
    actor,
    email: email.data,
    role: role.data,
    publicUrl: context.config.publicUrl,
  });
  await context.mail.deliverNow();
  return jsonResponse(result, { status: 201 });
});
