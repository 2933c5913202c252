/**
 * Campus drop (issue 31): a new design drops at 9 am and the whole campus opens the shop at
 * once. 200 shoppers (each a distinct client address) race for the last 50 units of one
 * variant with a code limited to its first 30 uses, through checkout and sandbox payment.
 * A shopper whose code is used up checks out again without it; one refused for stock stops.
 * Reports orders paid, units sold (must be exactly 50), code uses (exactly 30), refusals by
 * reason, and p50/p99 of each step; fails when a count is wrong.
 */
import {
  adminRequest,
  clientAddresses,
  publicProduct,
  setVariantStock,
  signInAdmin,
  type AdminClient,
} from '../lib/shop-admin';
import { defineScenario } from '../../tools/measure/types';

const SHOPPERS = 200;
const UNITS = 50;
const CODE_LIMIT = 30;
const CODE = 'DROP30';

function percentile(values: number[], fraction: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]! * 10) / 10;
}

/** The code the drop uses: 20% off, limited to its first CODE_LIMIT uses (the Discounts tab's own request). */
async function createLimitedCode(admin: AdminClient): Promise<void> {
  await adminRequest(admin, '/api/admin/discounts', 'POST', {
    code: CODE,
    description: 'Campus drop: the first 30 buyers',
    kind: 'percent',
    value: 20,
    usageLimit: CODE_LIMIT,
  });
}

/** Uses of the code so far, as the Discounts tab lists them. */
async function codeUses(admin: AdminClient): Promise<number | null> {
  const list = await adminRequest<{ discounts?: { code: string; usesCount?: number; uses?: number }[] }>(
    admin,
    '/api/admin/discounts',
    'GET',
  );
  const row = list.discounts?.find((discount) => discount.code === CODE);
  return row ? (row.usesCount ?? row.uses ?? null) : null;
}

type Outcome = { paid: boolean; usedCode: boolean; refusals: string[]; checkoutMs: number[]; payMs: number };

export default defineScenario({
  name: 'campus-drop',
  description: '200 shoppers race for the last 50 units of a variant with a code limited to 30 uses',
  timeoutSeconds: 300,
  async run(ctx) {
    const database = ctx.databaseUrl ? 'PostgreSQL' : 'PGlite';
    const admin = await signInAdmin(ctx.baseUrl);
    const tee = await publicProduct(ctx.baseUrl, 'simple-cross-tee');
    const variant = {
      productId: tee.id,
      color: tee.colors[1] ?? tee.colors[0] ?? 'Default',
      size: tee.sizes[2] ?? 'One Size',
    };
    await setVariantStock(admin, variant, UNITS);
    await createLimitedCode(admin);
    const client = clientAddresses();

    const shopper = async (index: number): Promise<Outcome> => {
      const address = client();
      const outcome: Outcome = { paid: false, usedCode: false, refusals: [], checkoutMs: [], payMs: 0 };
      let couponCode: string | undefined = CODE;
      for (let attempt = 0; attempt < 2; attempt++) {
        const started = performance.now();
        const response = await fetch(`${ctx.baseUrl}/api/checkout`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
          body: JSON.stringify({
            items: [{ ...variant, quantity: 1 }],
            couponCode,
            email: `student${index}@campus.example.edu`,
          }),
          signal: ctx.signal,
        });
        const body = (await response.json().catch(() => ({}))) as { sessionId?: string; code?: string; error?: string };
        outcome.checkoutMs.push(performance.now() - started);
        if (!response.ok || !body.sessionId) {
          const reason = body.code ?? `http-${response.status}`;
          outcome.refusals.push(reason);
          // The code is used up: check out again without it; anything else (sold out) ends the visit.
          if (couponCode && /discount|code|coupon/.test(reason) && reason !== 'insufficient-stock') {
            couponCode = undefined;
            continue;
          }
          return outcome;
        }
        outcome.usedCode = couponCode !== undefined;
        const payStarted = performance.now();
        const paid = await fetch(`${ctx.baseUrl}/sandbox/checkout/${body.sessionId}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': address },
          body: 'cardNumber=4242424242424242&name=Campus+Buyer&line1=1+University+Ave&city=Indianapolis&region=IN&postalCode=46202&country=US',
          redirect: 'manual',
          signal: ctx.signal,
        });
        await paid.arrayBuffer();
        outcome.payMs = performance.now() - payStarted;
        outcome.paid = paid.status === 302 || paid.status === 303;
        if (!outcome.paid) outcome.refusals.push(`pay-http-${paid.status}`);
        return outcome;
      }
      return outcome;
    };

    const started = performance.now();
    const outcomes = await Promise.all(Array.from({ length: SHOPPERS }, (_, index) => shopper(index)));
    const wallMs = Math.round(performance.now() - started);

    const paid = outcomes.filter((outcome) => outcome.paid);
    const stock = await adminRequest<{ stock: { color: string; size: string; quantity: number }[] }>(
      admin,
      `/api/admin/products/${variant.productId}/stock`,
      'GET',
    );
    const left = stock.stock.find((row) => row.color === variant.color && row.size === variant.size)?.quantity ?? null;
    const uses = await codeUses(admin);
    const refusals: Record<string, number> = {};
    for (const reason of outcomes.flatMap((outcome) => outcome.refusals))
      refusals[reason] = (refusals[reason] ?? 0) + 1;
    const checkoutMs = outcomes.flatMap((outcome) => outcome.checkoutMs);
    const payMs = paid.map((outcome) => outcome.payMs);
    const metrics = {
      database,
      shoppers: SHOPPERS,
      'orders paid': paid.length,
      'units sold': left === null ? null : UNITS - left,
      'units left': left,
      'paid with the code': paid.filter((outcome) => outcome.usedCode).length,
      'code uses (Discounts tab)': uses,
      refusals: Object.entries(refusals)
        .map(([reason, count]) => `${reason} ${count}`)
        .join(', '),
      'checkout p50 ms': percentile(checkoutMs, 0.5),
      'checkout p99 ms': percentile(checkoutMs, 0.99),
      'pay p50 ms': percentile(payMs, 0.5),
      'pay p99 ms': percentile(payMs, 0.99),
      'whole drop ms': wallMs,
    };
    ctx.log(JSON.stringify(metrics));
    const wrong: string[] = [];
    if (paid.length !== UNITS) wrong.push(`${paid.length} orders paid, not ${UNITS}`);
    if (left !== 0) wrong.push(`${left} units left, not 0`);
    if (uses !== CODE_LIMIT) wrong.push(`code used ${uses} times, not ${CODE_LIMIT}`);
    if (metrics['paid with the code'] !== CODE_LIMIT)
      wrong.push(`${metrics['paid with the code']} paid with the code, not ${CODE_LIMIT}`);
    if (wrong.length > 0)
      throw new Error(`campus drop (${database}): ${wrong.join('; ')} (${JSON.stringify(metrics)})`);
    return { metrics, data: { refusals } };
  },
});
