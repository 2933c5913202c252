/**
 * How long an admin session lives once its page is gone. The open admin page resumes its
 * session on load and every ADMIN_SESSION_HEARTBEAT_MS; the page's pagehide marks it left, and
 * a left session ends ADMIN_LEAVE_GRACE_MS later unless a resume comes first. Twice the
 * heartbeat, so a reload (whose leave may even reach the server after the new page's first
 * resume) is always resumed in time, and a closed tab leaves no live session for long.
 */
export const ADMIN_SESSION_HEARTBEAT_MS = 30_000;
export const ADMIN_LEAVE_GRACE_MS = 2 * ADMIN_SESSION_HEARTBEAT_MS;

/** The request header that carries the admin session token (SPEC §7: the sync call sends it). */
export const ADMIN_SESSION_HEADER = 'X-Admin-Session';
