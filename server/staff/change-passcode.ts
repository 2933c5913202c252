/**
 * The owner changes the admin passcode from the Staff tab (issue 27 Deliver 3). The new hash
 * replaces the old one in app_settings, which every process reads at each passcode attempt, so
 * the old passcode stops working everywhere at once; every passcode session ends in the same
 * transaction (staff sessions stay); the change is logged (never the passcode itself). From
 * then on ADMIN_PASSCODE is ignored at start-up (the setting records that the shop changed it).
 */
import { isNull } from 'drizzle-orm';
import { PASSCODE_MIN_LENGTH, STAFF_TEXTS } from '../../domain/staff-roles';
import { AppError } from '../app-error';
import { writeAuditEntry, type AuditActor } from '../audit/audit-log';
import type { Database } from '../db/client';
import { adminSessions, appSettings } from '../db/schema';
import { hashPasscode, PASSCODE_CHANGED_KEY, PASSCODE_HASH_KEY } from './passcode';

export const PASSCODE_MAX_LENGTH = 200;

export async function changeAdminPasscode(options: { db: Database; actor: AuditActor; passcode: string; now?: Date }) {
  const passcode = options.passcode.trim();
  if (passcode.length < PASSCODE_MIN_LENGTH || passcode.length > PASSCODE_MAX_LENGTH) {
    throw new AppError('passcode-too-short', { message: STAFF_TEXTS.passcodeTooShort(PASSCODE_MIN_LENGTH),
    });
  }
  const hash = await hashPasscode(passcode);
  const now = options.now ?? new Date();
  return options.db.transaction(async (tx) => {
    for (const [key, value] of [
      [PASSCODE_HASH_KEY, hash],
      [PASSCODE_CHANGED_KEY, now.toISOString()],
    ] as const) {
      await tx
        .insert(appSettings)
        .values({ key, value })
        .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: now } });
    }
    const ended = await tx
      .delete(adminSessions)
      .where(isNull(adminSessions.staffMemberId))
      .returning({ id: adminSessions.id });
    await writeAuditEntry(tx, options.actor, {
      action: 'passcode.changed',
      summary: `changed the admin passcode (${ended.length} passcode session${ended.length === 1 ? '' : 's'} ended)`,
    });
    return { endedSessions: ended.length };
  });
}
