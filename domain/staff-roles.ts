/**
 * Who may do what in the admin (issue 27): the three fixed staff roles and the one table of
 * which admin permissions each role holds. Every admin endpoint names the permission it needs
 * and asks `roleCan` on the server; the admin shows only the tabs and controls whose permission
 * the role holds; the Staff tab's role list and every refusal's sentence are built from the
 * labels here. The table is Better Auth's access-control plugin (`createAccessControl`), so the
 * check is the library's, not hand-written.
 *
 * The passcode is the owner's key: a passcode session acts as an Owner, named
 * OWNER_PASSCODE_LABEL in the activity log.
 */
import { createAccessControl } from 'better-auth/plugins/access';

export const STAFF_ROLES = ['owner', 'manager', 'fulfillment'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  owner: 'Owner',
  manager: 'Manager',
  fulfillment: 'Fulfillment',
};

/** What each role is for, as the Staff tab's invite form explains it. */
export const STAFF_ROLE_SUMMARIES: Record<StaffRole, string> = {
  owner: 'Everything: what a Manager does, and staff, tax settings and backups.',
  manager:
    'Products, stock, margins, discounts, orders including cancel and refund, customers, donations and visitors; not staff or shop settings.',
  fulfillment:
    'The orders list and details, packing slips, and moving orders to processing, shipped and delivered; no cancel or refund, costs, customers or exports.',
};

/** How the activity log names whoever signed in with the passcode. */
export const OWNER_PASSCODE_LABEL = 'Owner (passcode)';

/**
 * The inviter as the invited person reads it (the e-mail, the invite page): a member by their
 * e-mail, the passcode's owner as the shop's owner, not by the activity log's label.
 */
export function inviterName(invitedBy: string): string {
  return invitedBy === OWNER_PASSCODE_LABEL ? "The shop's owner" : invitedBy;
}

/** Rank: a member may invite or assign only roles at or below their own. */
const ROLE_RANK: Record<StaffRole, number> = { owner: 3, manager: 2, fulfillment: 1 };

export function roleRank(role: StaffRole): number {
  return ROLE_RANK[role];
}

/** Every admin resource and the actions on it (Better Auth access-control statements). */
const statements = {
  dashboard: ['view'],
  orders: ['view', 'fulfill', 'cancel', 'export'],
  products: ['view', 'edit'],
  customers: ['view'],
  donations: ['view'],
  pages: ['edit'],
  mail: ['manage'],
  discounts: ['manage'],
  tax: ['manage', 'report'],
  backups: ['manage'],
  staff: ['manage'],
  activity: ['view'],
  session: ['use'],
} as const;

const accessControl = createAccessControl(statements);

type Statements = typeof statements;
/** 'orders.fulfill', 'products.edit', ...: one admin permission. */
export type AdminPermission = {
  [Resource in keyof Statements]: `${Resource}.${Statements[Resource][number]}`;
}[keyof Statements];

export const ADMIN_PERMISSIONS = Object.entries(statements).flatMap(([resource, actions]) =>
  actions.map((action) => `${resource}.${action}` as AdminPermission),
);

/** What a manager may not do: the tax settings (the report stays), backups, staff and the passcode. */
const { backups: _backups, staff: _staff, ...managerStatements } = statements;

/**
 * The table (issue 27 Deliver 1): the owner may do everything, a manager everything but what is
 * left out above, fulfillment sees and moves orders.
 */
const ROLES = {
  owner: accessControl.newRole(statements),
  manager: accessControl.newRole({ ...managerStatements, tax: ['report'] }),
  fulfillment: accessControl.newRole({
    orders: ['view', 'fulfill'],
    session: ['use'],
  }),
} satisfies Record<StaffRole, unknown>;

/** What a person reads when the role lacks the permission: "… to <this>." */
export const PERMISSION_DESCRIPTIONS: Record<AdminPermission, string> = {
  'dashboard.view': 'see the dashboard, revenue and visitors',
  'orders.view': 'see orders',
  'orders.fulfill': 'move orders to processing, shipped or delivered',
  'orders.cancel': 'cancel, refund or reopen orders',
  'orders.export': 'export orders with customer details',
  'products.view': 'see products, costs and margins',
  'products.edit': 'change products, stock, costs and images',
  'customers.view': 'see customers',
  'donations.view': 'see donations',
  'pages.edit': 'edit the shop pages',
  'mail.manage': 'manage the shop mail',
  'discounts.manage': 'manage discounts',
  'tax.manage': 'change tax settings',
  'tax.report': 'see the tax report',
  'backups.manage': 'manage backups',
  'staff.manage': 'manage staff and the passcode',
  'activity.view': 'see the activity log',
  'session.use': 'use the admin',
};

export function roleCan(role: StaffRole, permission: AdminPermission): boolean {
  const [resource, action] = permission.split('.') as [keyof Statements, string];
  return ROLES[role].authorize({ [resource]: [action] } as never).success;
}

export function permissionsOf(role: StaffRole): AdminPermission[] {
  return ADMIN_PERMISSIONS.filter((permission) => roleCan(role, permission));
}

/** The roles holding a permission, lowest first ("Owner or Manager"). */
export function rolesWith(permission: AdminPermission): StaffRole[] {
  return STAFF_ROLES.filter((role) => roleCan(role, permission)).sort((a, b) => ROLE_RANK[a] - ROLE_RANK[b]);
}

/** The 403 answer's sentence, e.g. "Your role (Fulfillment) cannot cancel or refund orders: …". */
export function permissionDenied(role: StaffRole, permission: AdminPermission): string {
  const allowed = rolesWith(permission)
    .map((name) => STAFF_ROLE_LABELS[name])
    .reverse()
    .join(' or ');
  return `Your role (${STAFF_ROLE_LABELS[role]}) cannot ${PERMISSION_DESCRIPTIONS[permission]}: that needs ${allowed}.`;
}

// ── Staff tab and invite texts (issue 27 Deliver 2, Bad input) ───────────
/** An invite link lives this long and is used once. */
export const INVITE_TTL_HOURS = 72;
export const INVITE_TTL_MS = INVITE_TTL_HOURS * 60 * 60 * 1000;
/** Recovery codes handed out when two-factor sign-in is set up (Better Auth's default count). */
export const RECOVERY_CODE_COUNT = 10;

export const STAFF_TEXTS = {
  inviteInvalid: 'This invite link is not valid. Ask the shop owner for a new invite.',
  inviteExpired: `This invite link has expired (invites are valid for ${INVITE_TTL_HOURS} hours). Ask the shop owner for a new invite.`,
  inviteUsed: 'This invite link has already been used. Sign in at /auth, or ask the shop owner for a new invite.',
  inviteWrongAccount:
    'You are signed in with a different email address than the one invited. Sign out and open the link again.',
  inviteRoleTooHigh: (role: StaffRole) =>
    `You cannot invite someone as ${STAFF_ROLE_LABELS[role]}: that role is above your own.`,
  alreadyStaff: 'That person is already a staff member.',
  emailInvalid: 'Please enter a valid email address.',
  roleInvalid: 'Please choose a role: Owner, Manager or Fulfillment.',
  ownRoleChange: 'You cannot change your own role.',
  roleTooHigh: (role: StaffRole) => `You cannot give the ${STAFF_ROLE_LABELS[role]} role: it is above your own.`,
  lastOwner: 'The shop needs at least one Owner: make someone else an Owner first.',
  memberNotFound: 'That staff member no longer exists.',
  twoFactorRequired: 'Set up two-factor sign-in before opening the admin.',
  notStaff: 'This account is not a staff member. Ask the shop owner for an invite.',
  staffSignInRequired: 'Sign in at /auth with your email, password and two-factor code.',
  passcodeTooShort: (min: number) => `The new passcode must be at least ${min} characters.`,
  passcodeChanged: 'Passcode changed. Every passcode session has ended.',
  reasonRequired: 'Please give a reason (it is kept in the activity log).',
} as const;

/** The shortest passcode the owner may set from the Staff tab. */
export const PASSCODE_MIN_LENGTH = 10;
