/**
 * The guard of every admin loader and action (issue 27): a live admin session named by the
 * X-Admin-Session header whose role holds the permission the endpoint names, else a 401 (no
 * session: SPEC §6's message) or a 403 saying what the role cannot do (server/staff/admin-actor.ts).
 */
export { requireAdminPermission as requireAdmin } from './admin-actor';
