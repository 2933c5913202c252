/**
 * Issue 27 point 4 for the settings the later issues added: discount codes (issue 26), the tax
 * table and Stripe's tax mode (issue 25) write one audit entry per change, in the change's
 * transaction, with the old and new values; a refused change writes none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '../../domain/audit';
import { adminRequest, passcodeSession } from '../support/staff';
import { createTestShop, type TestShop } from '../support/test-shop';

let shop: TestShop;
let token: string;
const admin = (pathname: string, init: { method?: string; body?: unknown } = {}) =>
  adminRequest(shop, token, pathname, init);
const entries = async (action: string) =>
  ((await (await admin(`/api/admin/activity?action=${action}`)).json()) as AuditPage).entries;

beforeAll(async () => {
  shop = await createTestShop();
  token = await passcodeSession(shop);
});
afterAll(async () => {
  await shop?.close();
});

describe('audit entries for discount codes and tax settings', () => {
  it('a code added, changed and deleted: one entry each, with its values; a refused change none', async () => {
    const created = await admin('/api/admin/discounts', {
      method: 'POST',
      body: { code: 'FAIR5', kind: 'fixed', value: 500, minSubtotalCents: 3000 },
    });
    expect(created.status).toBe(201);
    const { discount } = (await created.json()) as { discount: { id: string } };
    const refused = await admin(`/api/admin/discounts/${discount.id}`, {
      method: 'PUT',
      body: { code: 'FAIR5', kind: 'percent', value: 500 },
    });
    expect(refused.status).toBe(400);
    const changed = await admin(`/api/admin/discounts/${discount.id}`, {
      method: 'PUT',
      body: { code: 'FAIR5', kind: 'fixed', value: 700, minSubtotalCents: 3000 },
    });
    expect(changed.status).toBe(200);
    expect((await admin(`/api/admin/discounts/${discount.id}`, { method: 'DELETE' })).status).toBe(200);

    const [added] = await entries('discount.created');
    expect(added).toMatchObject({ actor: 'Owner (passcode)', target: 'FAIR5' });
    const updates = await entries('discount.updated');
    expect(updates).toHaveLength(1);
    expect(updates[0]!.changes).toContainEqual({ field: 'value', from: '500', to: '700' });
    expect(await entries('discount.deleted')).toHaveLength(1);
  });

  it('a tax place added, changed and removed, and the Stripe tax mode: one entry each', async () => {
    const created = await admin('/api/admin/tax-rates', {
      method: 'POST',
      body: { country: 'US', region: 'OH', rate: '5.75', shippingTaxed: false },
    });
    expect(created.status).toBe(201);
    const { rate } = (await created.json()) as { rate: { id: string } };
    const changed = await admin(`/api/admin/tax-rates/${rate.id}`, {
      method: 'PUT',
      body: { country: 'US', region: 'OH', rate: '6', shippingTaxed: true },
    });
    expect(changed.status).toBe(200);
    const refused = await admin(`/api/admin/tax-rates/${rate.id}`, {
      method: 'PUT',
      body: { country: 'US', region: 'OH', rate: '99' },
    });
    expect(refused.status).toBe(400);
    expect((await admin(`/api/admin/tax-rates/${rate.id}`, { method: 'DELETE' })).status).toBeLessThan(300);
    expect(
      (await admin('/api/admin/tax-settings', { method: 'PUT', body: { stripeTaxMode: 'automatic' } })).status,
    ).toBe(200);

    expect(await entries('tax.rate-added')).toHaveLength(1);
    const changes = await entries('tax.rate-changed');
    expect(changes).toHaveLength(1);
    expect(changes[0]!.summary).toContain('6%');
    expect(await entries('tax.rate-removed')).toHaveLength(1);
    const [settings] = await entries('tax.settings');
    expect(settings!.changes).toContainEqual({ field: 'stripeTaxMode', from: 'rates', to: 'automatic' });
  });
});
