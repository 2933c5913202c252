import type { StaffRole } from './staff-roles';

/** The signed-in shopper as the pages see it (public shape: no secrets). */
export interface Viewer {
  userId: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  /**
   * A staff member's role (issue 27), or null for a shopper: the header's Admin button then
   * opens the admin directly instead of the passcode dialog.
   */
  staffRole?: StaffRole | null;
}
