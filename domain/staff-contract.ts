/** The Staff tab's and the admin session's wire shapes (issue 27). */
import type { AdminPermission, StaffRole } from './staff-roles';

export interface StaffMemberView {
  id: string;
  email: string;
  role: StaffRole;
  invitedBy: string;
  joinedAt: string;
}

export interface StaffInviteView {
  id: string;
  email: string;
  role: StaffRole;
  invitedBy: string;
  expiresAt: string;
}

export interface StaffOverview {
  members: StaffMemberView[];
  invites: StaffInviteView[];
}

/** GET /api/admin/session: who the admin is and what their role allows. */
export interface AdminIdentity {
  success: true;
  actor: string;
  role: StaffRole;
  /** True for the passcode holder ("Owner (passcode)"). */
  isPasscode: boolean;
  staffMemberId: string | null;
  permissions: AdminPermission[];
}
