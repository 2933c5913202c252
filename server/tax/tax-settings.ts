/**
 * The owner's choice of how a Stripe Checkout Session collects tax (issue 25 item 3): 'rates'
 * (the table's places, as Stripe Tax Rates matched by the shipping address) by default, or
 * 'automatic' (Stripe Tax, with the apparel and shipping tax codes). Kept in app_settings.
 */
import { writeAuditEntry, type AuditActor } from '../audit/audit-log';
import { eq } from 'drizzle-orm';
import { STRIPE_TAX_MODES, type StripeTaxMode } from '../../domain/tax';
import { badRequest } from '../app-error';
import type { Executor } from '../db/client';
import { appSettings } from '../db/schema';

const SETTING_KEY = 'stripe_tax_mode';

export async function getStripeTaxMode(options: { db: Executor }): Promise<StripeTaxMode> {
  const [row] = await options.db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, SETTING_KEY));
  return row?.value === 'automatic' ? 'automatic' : 'rates';
}

export async function setStripeTaxMode(options: {
  db: Executor;
  mode: unknown;
  actor: AuditActor;
}): Promise<StripeTaxMode> {
  const mode = options.mode;
  if (typeof mode !== 'string' || !STRIPE_TAX_MODES.includes(mode as StripeTaxMode)) {
    throw badRequest('Stripe tax: choose the tax table (rates) or Stripe Tax (automatic)', 'invalid-tax-setting');
  }
  await options.db.transaction(async (db) => {
    const before = await getStripeTaxMode({ db });
    await db
      .insert(appSettings)
      .values({ key: SETTING_KEY, value: mode })
      .onConflictDoUpdate({ target: appSettings.key, set: { value: mode, updatedAt: new Date() } });
    await writeAuditEntry(db, options.actor, {
      action: 'tax.settings',
      target: 'Stripe tax',
      summary: `set how Stripe Checkout collects tax to ${mode === 'automatic' ? 'Stripe Tax' : 'the tax table'}`,
      changes: [{ field: 'stripeTaxMode', from: before, to: mode }],
    });
  });
  return mode as StripeTaxMode;
}
