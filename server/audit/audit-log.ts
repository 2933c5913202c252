/**
 * The audit log (issue 27 Deliver 4): who changed what in the admin, with the old and new
 * values. Every admin change writes its entry with `writeAuditEntry` on the executor of its
 * own transaction, so the entry and the change commit or fail together; a refused change
 * writes none. The table is append-only (migration staff: a trigger refuses UPDATE and
 * DELETE), and nothing here edits or deletes an entry.
 */
import type { AuditChange, AuditEntryView } from '../../domain/audit';
import { STAFF_ROLE_LABELS, type StaffRole } from '../../domain/staff-roles';
import type { Executor } from '../db/client';
import { auditLog } from '../db/schema';

/** Who acts: a staff member (their e-mail) or the passcode holder ("Owner (passcode)"). */
export interface AuditActor {
  label: string;
  role: StaffRole;
  staffMemberId: string | null;
}

export interface AuditEntryInput {
  /** 'order.shipped', 'product.updated', ... (domain/audit.ts AUDIT_ACTIONS) */
  action: string;
  target?: string | null;
  /** The sentence after the actor: "marked WYF-001002 shipped (USPS 9400…)". */
  summary: string;
  changes?: AuditChange[];
  reason?: string | null;
}

export async function writeAuditEntry(db: Executor, actor: AuditActor, entry: AuditEntryInput): Promise<void> {
  await db.insert(auditLog).values({
    actor: actor.label,
    actorRole: STAFF_ROLE_LABELS[actor.role],
    staffMemberId: actor.staffMemberId,
    action: entry.action,
    target: entry.target ?? null,
    summary: `${actor.label} ${entry.summary}`,
    changes: (entry.changes ?? []).filter((change) => change.from !== change.to),
    reason: entry.reason?.trim() || null,
  });
}

/** An entry for someone not (yet) known as an admin: a refused passcode, a failed staff sign-in. */
export async function writeSignInEntry(
  db: Executor,
  entry: { actor: string; role: string; staffMemberId?: string | null; action: string; summary: string },
): Promise<void> {
  await db.insert(auditLog).values({
    actor: entry.actor,
    actorRole: entry.role,
    staffMemberId: entry.staffMemberId ?? null,
    action: entry.action,
    target: null,
    summary: `${entry.actor} ${entry.summary}`,
    changes: [],
    reason: null,
  });
}

export function toAuditEntryView(row: typeof auditLog.$inferSelect): AuditEntryView {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: row.actor,
    actorRole: row.actorRole,
    action: row.action,
    target: row.target,
    summary: row.summary,
    changes: row.changes,
    reason: row.reason,
  };
}
