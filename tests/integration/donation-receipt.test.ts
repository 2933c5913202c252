/** Issue 32 item 6: a paid donation sends one receipt; a donation without an e-mail sends none. */
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Viewer } from '../../server/context';
import { donations, emailOutbox } from '../../server/db/schema';
import {
  DEFAULT_DONATION_RECEIPT_NOTE,
  DONATION_RECEIPT_SUBJECT,
  donationReceiptKey,
} from '../../server/mail/donation-receipt';
import { startFakeStripeServer, type FakeStripeServer } from '../../tools/fakes/stripe-server';
import { payOnSandbox } from '../support/sandbox';
import { waitForMail } from '../support/accounts';
import { createTestShop, type TestShop } from '../support/test-shop';

const WEBHOOK_SECRET = 'whsec_test_secret_for_receipts';
const NOTE = 'Grace Ministries is a 501(c)(3) organization; keep this email for your records.';
const signer = new Stripe('sk_test_signer_only');
// Test-only stand-in for the accounts service: the signed-in e-mail comes from a test header.
const getViewer = async (request: Request): Promise<Viewer | null> => {
  const email = request.headers.get('x-test-viewer');
  return email ? { userId: `user-${email}`, email, firstName: 'Test', lastName: null } : null;
};
const auth = { getViewer, handler: async () => new Response('Not found', { status: 404 }) };

function donate(shop: TestShop, amountCents: number, viewer?: string) {
  return shop.request('/api/donations', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(viewer ? { 'x-test-viewer': viewer } : {}) },
    body: JSON.stringify({ amountCents }),
  });
}

async function receiptsFor(shop: TestShop, to: string) {
  return shop.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, to));
}

describe('donation receipt through the Stripe webhook', () => {
  let fake: FakeStripeServer;
  let shop: TestShop;
  beforeAll(async () => {
    fake = await startFakeStripeServer();
    shop = await createTestShop(
      {
        STRIPE_SECRET_KEY: 'sk_test_fake_key',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: fake.url,
        DONATION_RECEIPT_NOTE: NOTE,
      },
      { services: { auth } },
    );
  });
  afterAll(async () => {
    await shop?.close();
    await fake?.close();
  });

  function webhook(id: string, sessionId: string) {
    const payload = JSON.stringify({
      id,
      object: 'event',
      type: 'checkout.session.completed',
      api_version: '2025-01-27.acacia',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: { id: sessionId, object: 'checkout.session', payment_status: 'paid', payment_intent: 'pi_gift_1' },
      },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    });
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    return shop.request('/api/stripe/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
  }

  it('queues exactly one receipt with the owner note, however often the webhook arrives', async () => {
    const donor = 'giver@example.com';
    const response = await donate(shop, 4200, donor);
    expect(response.status).toBe(200);
    const { sessionId } = (await response.json()) as { sessionId: string };
    expect(await receiptsFor(shop, donor)).toHaveLength(0);

    // The same event delivered twice at once, then again, then a second event for the same payment.
    const first = await Promise.all([webhook('evt_gift_1', sessionId), webhook('evt_gift_1', sessionId)]);
    expect(first.map((r) => r.status)).toEqual([200, 200]);
    expect((await webhook('evt_gift_1', sessionId)).status).toBe(200);
    expect((await webhook('evt_gift_2', sessionId)).status).toBe(200);

    const [donation] = await shop.database.db.select().from(donations).where(eq(donations.paymentSessionId, sessionId));
    expect(donation).toMatchObject({ status: 'paid', email: donor });
    const queued = await receiptsFor(shop, donor);
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ subject: DONATION_RECEIPT_SUBJECT, dedupeKey: donationReceiptKey(donation!.id) });
    expect(queued[0]!.text).toContain('$42.00');
    expect(queued[0]!.text).toContain(sessionId);
    expect(queued[0]!.text).toContain(NOTE);
    expect(queued[0]!.text).not.toContain(DEFAULT_DONATION_RECEIPT_NOTE);
    // Delivered by the mail loop right after the payment, once.
    const mail = await waitForMail(shop.dataDir, donor);
    expect(mail.subject).toBe(DONATION_RECEIPT_SUBJECT);
  });
});

describe('donation receipt through the sandbox', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop({}, { services: { auth } });
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('sends the default note to a signed-in donor, and nothing for a donation without an e-mail', async () => {
    const donor = 'sandbox-giver@example.com';
    const signedIn = (await (await donate(shop, 2500, donor)).json()) as { sessionId: string };
    const anonymous = (await (await donate(shop, 1500)).json()) as { sessionId: string };
    const outboxBefore = await shop.database.db.select().from(emailOutbox);

    await Promise.all([payOnSandbox(shop, signedIn.sessionId), payOnSandbox(shop, signedIn.sessionId)]);
    await payOnSandbox(shop, anonymous.sessionId);

    const paid = await shop.database.db.select().from(donations);
    expect(paid.filter((row) => row.status === 'paid')).toHaveLength(2);
    const queued = await receiptsFor(shop, donor);
    expect(queued).toHaveLength(1);
    expect(queued[0]!.text).toContain('$25.00');
    expect(queued[0]!.text).toContain(DEFAULT_DONATION_RECEIPT_NOTE);
    // The anonymous donation queued nothing at all.
    const outboxAfter = await shop.database.db.select().from(emailOutbox);
    expect(outboxAfter.length - outboxBefore.length).toBe(1);
  });
});
