/**
 * The audit log's shapes and vocabulary (issue 27 Deliver 4), shared by the server that writes
 * and lists entries and the Activity tab that shows and filters them: one list of actions,
 * each with the label its filter shows, and the page size.
 */
import { z } from 'zod';
import { isTypedYear, TYPED_YEARS_TEXT } from './dates';

export interface AuditChange {
  field: string;
  from: string | null;
  to: string | null;
}

export interface AuditEntryView {
  id: number;
  at: string;
  actor: string;
  actorRole: string;
  action: string;
  target: string | null;
  summary: string;
  changes: AuditChange[];
  reason: string | null;
}

export interface AuditPage {
  entries: AuditEntryView[];
  total: number;
  page: number;
  pageSize: number;
  /** Everyone who appears in the log, for the person filter. */
  actors: string[];
}

/** Every action the log records, with the label of the Activity tab's filter. */
export const AUDIT_ACTIONS = {
  'order.status': 'Order status changed',
  'order.shipped': 'Order shipped',
  'order.cancelled': 'Order cancelled or refunded',
  'product.created': 'Product added',
  'product.updated': 'Product changed',
  'product.deleted': 'Product deleted',
  'product.cost': 'Product cost changed',
  'product.stock': 'Stock changed',
  'product.image': 'Image uploaded',
  'products.synced': 'Products synced to Stripe',
  'page.saved': 'Shop page saved',
  'page.reset': 'Shop page reset',
  'staff.invited': 'Staff invited',
  'staff.invite-revoked': 'Invite revoked',
  'staff.joined': 'Staff joined',
  'staff.two-factor': 'Two-factor set up',
  'staff.two-factor-off': 'Two-factor turned off',
  'staff.role-changed': 'Staff role changed',
  'staff.removed': 'Staff removed',
  'passcode.changed': 'Passcode changed',
  'discount.created': 'Discount code added',
  'discount.updated': 'Discount code changed',
  'discount.deleted': 'Discount code deleted',
  'tax.rate-added': 'Tax place added',
  'tax.rate-changed': 'Tax place changed',
  'tax.rate-removed': 'Tax place removed',
  'tax.settings': 'Tax settings changed',
  'mail.sent-again': 'Email sent again',
  'sign-in.passcode': 'Passcode sign-in',
  'sign-in.passcode.failed': 'Passcode sign-in failed',
  'sign-in.staff': 'Staff sign-in',
  'sign-in.staff.failed': 'Staff sign-in failed',
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

export function isAuditAction(value: string): value is AuditAction {
  return Object.hasOwn(AUDIT_ACTIONS, value);
}

export const AUDIT_PAGE_SIZE = 50;

/** A day of TYPED_YEARS (a wider one reached the database as a year it cannot store). */
const DaySchema = z.iso.date().refine((day) => isTypedYear(Number(day.slice(0, 4))), `Days are ${TYPED_YEARS_TEXT}`);

/** The Activity tab's query: ?actor=&action=&from=YYYY-MM-DD&to=YYYY-MM-DD&page=. */
export const AuditFilterSchema = z.object({
  actor: z
    .string()
    .trim()
    .max(320)
    .optional()
    .transform((value) => value || undefined),
  action: z
    .string()
    .optional()
    .transform((value) => value || undefined)
    .refine((value) => value === undefined || isAuditAction(value), 'Unknown action'),
  from: DaySchema.optional().or(z.literal('').transform(() => undefined)),
  to: DaySchema.optional().or(z.literal('').transform(() => undefined)),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type AuditFilter = z.infer<typeof AuditFilterSchema>;

/** "$24.99" style money and plain text values of a change, as the log shows them. */
export function describeChange(change: AuditChange): string {
  const show = (value: string | null) => (value === null || value === '' ? '(none)' : value);
  return `${change.field}: ${show(change.from)} → ${show(change.to)}`;
}
