/**
 * Checkout benchmark: hosted-checkout creations per second (with p99 latency) through
 * POST /api/checkout, then sandbox completions per second (each a distinct session paid
 * once through the exactly-once completion transaction). Run by bench/run.ts against a
 * started shop (PGlite or PostgreSQL, whichever ctx describes).
 */
import { SEED_DISCOUNT } from '../../domain/discount';
import { defineScenario } from '../lib/types';

type PublicProduct = { id: string; colors: string[]; sizes: string[] };

async function product(baseUrl: string, slug: string): Promise<PublicProduct> {
  const response = await fetch(`${baseUrl}/api/products/${slug}`);
  if (!response.ok) throw new Error(`GET /api/products/${slug}: ${response.status}`);
  return (await response.json()) as PublicProduct;
}

export default defineScenario({
  name: 'checkout',
  description: 'Checkout creations (POST /api/checkout) and sandbox completions per second',
  async run(ctx) {
    const database = ctx.databaseUrl ? 'PostgreSQL' : 'PGlite';
    const tee = await product(ctx.baseUrl, 'simple-cross-tee');
    const hoodie = await product(ctx.baseUrl, 'faith-over-fear-hoodie');
    const body = JSON.stringify({
      items: [
        { productId: tee.id, color: tee.colors[0] ?? 'Default', size: tee.sizes[1] ?? 'One Size', quantity: 2 },
        {
          productId: hoodie.id,
          color: hoodie.colors[0] ?? 'Default',
          size: hoodie.sizes[0] ?? 'One Size',
          quantity: 1,
        },
      ],
      couponCode: SEED_DISCOUNT.code,
      email: 'bench@example.com',
    });

    // Checkouts are limited per client address (server/payments/start-payment-route.ts): the
    // load is many shoppers, each named in X-Forwarded-For (the bench's shop trusts loopback).
    let shopper = 0;
    const client = () => {
      shopper += 1;
      return `10.${(shopper >> 16) & 255}.${(shopper >> 8) & 255}.${shopper & 255}`;
    };
    const creations = await ctx.autocannon({
      path: '/api/checkout',
      label: 'POST /api/checkout',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      connections: 10,
      extra: {
        requests: [
          {
            method: 'POST',
            body,
            setupRequest: (request: { headers?: Record<string, string> }) => ({
              ...request,
              headers: { ...request.headers, 'content-type': 'application/json', 'x-forwarded-for': client() },
            }),
          },
        ],
      },
    });
    const creationsPerSecond = creations.requestsPerSecond;
    ctx.log(
      `checkout creations (${database}): ${creationsPerSecond.toFixed(1)}/s, p99 ${creations.latencyP99Ms} ms, ` +
        `non-2xx ${creations.non2xx}, errors ${creations.errors}`,
    );

    // Sessions to pay: created up front, each paid exactly once below.
    const sessionCount = 300;
    const sessions: string[] = [];
    for (let batch = 0; batch < sessionCount; batch += 10) {
      const created = await Promise.all(
        Array.from({ length: 10 }, async () => {
          const response = await fetch(`${ctx.baseUrl}/api/checkout`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': client() },
            body,
          });
          if (!response.ok) throw new Error(`POST /api/checkout: ${response.status}`);
          return ((await response.json()) as { sessionId: string }).sessionId;
        }),
      );
      sessions.push(...created);
    }
    let next = 0;
    const started = Date.now();
    const completions = await ctx.autocannon({
      path: '/sandbox/checkout/',
      label: 'sandbox pay (each session once)',
      connections: 10,
      warmupSeconds: 0,
      extra: {
        duration: undefined,
        amount: sessions.length,
        requests: [
          {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            // An order of goods is paid only with its shipping address (RUN-CONTRACT).
            body: 'cardNumber=4242424242424242&name=Bench+Buyer&line1=1+Main+St&city=Indianapolis&region=IN&postalCode=46204&country=US',
            setupRequest: (request: Record<string, unknown>) => ({
              ...request,
              path: `/sandbox/checkout/${sessions[next++ % sessions.length]}`,
            }),
          },
        ],
      },
    });
    const seconds = (Date.now() - started) / 1000;
    // A paid session redirects (302) to /payment-success.
    const redirected = Object.entries(completions.statusCodes)
      .filter(([status]) => status.startsWith('3'))
      .reduce((sum, [, n]) => sum + n, 0);
    const completionsPerSecond = redirected / seconds;
    ctx.log(
      `sandbox completions (${database}): ${completionsPerSecond.toFixed(1)}/s (${redirected} of ${sessions.length} paid), ` +
        `p99 ${completions.latencyP99Ms} ms, errors ${completions.errors}`,
    );
    return {
      http: [creations],
      metrics: {
        database,
        'checkout creations/s': Number(creationsPerSecond.toFixed(1)),
        'checkout creation p99 ms': creations.latencyP99Ms,
        'completions/s': Number(completionsPerSecond.toFixed(1)),
        'completions paid': `${redirected} of ${sessions.length}`,
        'completion p99 ms': completions.latencyP99Ms,
      },
    };
  },
});
