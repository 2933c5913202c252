/**
 * Checkout against its floor (issue 31): the shop's POST /api/checkout and its sandbox payment
 * are loaded in alternating rounds with the checkout floor (bench/yardstick/checkout-floor.ts:
 * the same rows in one transaction of plain prepared SQL, on the same kind of database), so
 * each round gives a ratio shop ÷ floor that a busy moment of the machine affects on both
 * sides. Both take tracked stock (one variant each line, set high), use the JESUS code and
 * name a new client address per request (the shop limits checkouts per address; the bench's
 * shop trusts loopback's X-Forwarded-For).
 * Each round runs shop, floor, floor, shop (bench/lib/pairs.ts `abbaRound`): every side twice,
 * once on either side of the other's two runs, so that a machine that speeds up or slows down
 * during the round weighs on both sides alike; a side's figure is its two runs together.
 * Creations: BENCH_CONNECTIONS (50) connections for BENCH_PAIR_DURATION seconds per run.
 * Payments: CHECKOUT_PAY_BATCH sessions per run, made beforehand, each paid once, 10 connections.
 * Then creations arriving at random moments at each rate of CHECKOUT_STEADY_RATES
 * (100,200 a second) for CHECKOUT_STEADY_SECONDS (10), shop then floor: their p50/p99 at loads
 * both can serve.
 */
import { readdir } from 'node:fs/promises';
import { SEED_DISCOUNT } from '../../domain/discount';
import { outboxDir } from '../../server/mail/create-mailer';
import { startCheckoutFloor } from '../lib/checkout-floor';
import { abbaRound, combineRuns } from '../lib/pairs';
import { steadyLoad, type SteadyLoadResult } from '../lib/steady-load';
import { clientAddresses, indianaTotalCents, publicProduct, setVariantStock, signInAdmin } from '../lib/shop-admin';
import { defineScenario, type HttpBenchResult, type ScenarioContext } from '../../tools/measure/types';
import { envNumber, median, round } from '../../tools/measure/util';

const PAY_BATCH = envNumber('CHECKOUT_PAY_BATCH', 400);
/** Payments made on each side before the measured rounds (unmeasured). */
const PAY_WARMUP = 100;
/**
 * The offered load of the steady-rate run (creations per second arriving at random moments,
 * over at most 50 connections, bench/lib/steady-load.ts): the closed-loop rounds keep every
 * connection waiting on its answer, so their latency is 50 ÷ throughput whatever the server
 * does (Little's law); at a rate both sides can serve, the p99 is the checkout's own time plus
 * the waits of chance crowds.
 */
const STEADY_RATES = (process.env.CHECKOUT_STEADY_RATES || '100,200')
  .split(',')
  .map(Number)
  .filter((rate) => Number.isFinite(rate) && rate > 0);
const STEADY_SECONDS = envNumber('CHECKOUT_STEADY_SECONDS', 10);

const steadyCreations = (ctx: ScenarioContext, side: Side, client: () => string, rate: number) =>
  steadyLoad({
    url: `${side.baseUrl}/api/checkout`,
    method: 'POST',
    headers: () => ({ 'content-type': 'application/json', 'x-forwarded-for': client() }),
    body: side.body,
    ratePerSecond: rate,
    seconds: STEADY_SECONDS,
    connections: ctx.connections,
    // The same arrival moments for shop and floor.
    seed: 31,
  });
const PLENTY = 100_000;

type Side = { name: 'shop' | 'floor'; baseUrl: string; body: string; shownTotalCents: number };

async function checkoutBody(
  baseUrl: string,
): Promise<{ body: string; shownTotalCents: number; variants: { productId: string; color: string; size: string }[] }> {
  const tee = await publicProduct(baseUrl, 'simple-cross-tee');
  const hoodie = await publicProduct(baseUrl, 'faith-over-fear-hoodie');
  const variants = [
    { productId: tee.id, color: tee.colors[0] ?? 'Default', size: tee.sizes[1] ?? 'One Size' },
    { productId: hoodie.id, color: hoodie.colors[0] ?? 'Default', size: hoodie.sizes[0] ?? 'One Size' },
  ];
  const body = JSON.stringify({
    items: [
      { ...variants[0], quantity: 2 },
      { ...variants[1], quantity: 1 },
    ],
    couponCode: SEED_DISCOUNT.code,
    email: 'bench@example.com',
  });
  const lines = [
    { unitPriceCents: tee.priceCents, quantity: 2 },
    { unitPriceCents: hoodie.priceCents, quantity: 1 },
  ];
  return {
    body,
    variants,
    shownTotalCents: indianaTotalCents(lines, { code: SEED_DISCOUNT.code, percent: SEED_DISCOUNT.value }),
  };
}

async function createSessions(side: Side, count: number, client: () => string): Promise<string[]> {
  const sessions: string[] = [];
  for (let batch = 0; batch < count; batch += 10) {
    const created = await Promise.all(
      Array.from({ length: Math.min(10, count - batch) }, async () => {
        const response = await fetch(`${side.baseUrl}/api/checkout`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': client() },
          body: side.body,
        });
        if (!response.ok)
          throw new Error(`${side.name} POST /api/checkout: ${response.status} ${await response.text()}`);
        return ((await response.json()) as { sessionId: string }).sessionId;
      }),
    );
    sessions.push(...created);
  }
  return sessions;
}

async function loadCreations(ctx: ScenarioContext, side: Side, client: () => string, seconds: number) {
  return ctx.autocannon({
    path: `${side.baseUrl}/api/checkout`,
    label: `POST /api/checkout (${side.name})`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: side.body,
    durationSeconds: seconds,
    warmupSeconds: 0,
    extra: {
      requests: [
        {
          method: 'POST',
          body: side.body,
          setupRequest: (request: { headers?: Record<string, string> }) => ({
            ...request,
            headers: { ...request.headers, 'content-type': 'application/json', 'x-forwarded-for': client() },
          }),
        },
      ],
    },
  });
}

/**
 * Pays each session once; the rate is payments that redirected (302) per second, from the start
 * to the last answer (autocannon itself ends a run on a whole-second tick, which made these rates
 * 200/1, 200/2 ... before).
 */
async function loadPayments(ctx: ScenarioContext, side: Side, sessions: string[]) {
  let next = 0;
  const started = Date.now();
  let lastAnswer = started;
  const result = await ctx.autocannon({
    path: `${side.baseUrl}/sandbox/checkout/`,
    label: `sandbox pay (${side.name})`,
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
          // The taxed total the page showed (issue 25: anything else is a confirm step, nothing charged).
          body: `cardNumber=4242424242424242&name=Bench+Buyer&line1=1+Main+St&city=Indianapolis&region=IN&postalCode=46204&country=US&shownTotalCents=${side.shownTotalCents}`,
          setupRequest: (request: Record<string, unknown>) => ({
            ...request,
            path: `/sandbox/checkout/${sessions[next++ % sessions.length]}`,
          }),
          onResponse: () => {
            lastAnswer = Date.now();
          },
        },
      ],
    },
  });
  const seconds = Math.max(1, lastAnswer - started) / 1000;
  const paid = Object.entries(result.statusCodes)
    .filter(([status]) => status.startsWith('3'))
    .reduce((sum, [, n]) => sum + n, 0);
  return { result, paid, seconds, perSecond: paid / seconds };
}

type Payments = Awaited<ReturnType<typeof loadPayments>>;

/** A round's two halves of one side's payments as one: paid over their whole time, the worse p99. */
function bothHalves([a, b]: [Payments, Payments]): Payments {
  const seconds = a.seconds + b.seconds;
  const paid = a.paid + b.paid;
  return { result: combineRuns(a.result, b.result), paid, seconds, perSecond: paid / seconds };
}

const outboxCount = async (dataDir: string) =>
  (await readdir(outboxDir(dataDir)).catch(() => [] as string[])).filter((name) => name.endsWith('.eml')).length;

/**
 * Waits until the shop's outbox holds `expected` messages (or `timeoutMs` passed). Each payment
 * queues a confirmation that the shop writes after answering, and while the shop is busy its
 * mail waits up to a second (server/mail/start-mail-delivery.ts), so they trail a payment round. The floor
 * queues its row and sends nothing: the floor's round and the steady-rate runs start once the
 * shop's messages are written, so that neither meets the shop's mail. Returns the count and
 * the milliseconds waited.
 */
async function outboxSettled(dataDir: string, expected: number, timeoutMs = 30_000) {
  const started = Date.now();
  let count = await outboxCount(dataDir);
  while (count < expected && Date.now() - started < timeoutMs) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    count = await outboxCount(dataDir);
  }
  return { count, waitedMs: Date.now() - started };
}

const ratioOf = (shop: number, floor: number) => (floor > 0 ? shop / floor : null);
const x = (value: number | null) => (value == null ? '-' : `${value.toFixed(2)}x`);

export default defineScenario({
  name: 'checkout',
  description: 'Checkout creation and sandbox payment, each as a ratio to the checkout floor, in alternating rounds',
  timeoutSeconds: 900,
  async run(ctx) {
    const database = ctx.databaseUrl ? 'PostgreSQL' : 'PGlite';
    const rounds = envNumber('BENCH_PAIR_ROUNDS', 3);
    const seconds = envNumber('BENCH_PAIR_DURATION', 3);
    const floor = await startCheckoutFloor(ctx);
    try {
      const admin = await signInAdmin(ctx.baseUrl);
      const shopSetup = await checkoutBody(ctx.baseUrl);
      const floorSetup = await checkoutBody(floor.baseUrl);
      for (const variant of shopSetup.variants) await setVariantStock(admin, variant, PLENTY);
      await fetch(`${floor.baseUrl}/stock`, {
        method: 'PUT',
        body: JSON.stringify(floorSetup.variants.map((variant) => ({ ...variant, quantity: PLENTY }))),
      });
      const shop: Side = {
        name: 'shop',
        baseUrl: ctx.baseUrl,
        body: shopSetup.body,
        shownTotalCents: shopSetup.shownTotalCents,
      };
      const yard: Side = {
        name: 'floor',
        baseUrl: floor.baseUrl,
        body: floorSetup.body,
        shownTotalCents: floorSetup.shownTotalCents,
      };
      const client = clientAddresses();

      // Unmeasured warm-up of both sides.
      await loadCreations(ctx, shop, client, 1);
      await loadCreations(ctx, yard, client, 1);

      const creationRounds: { shop: HttpBenchResult; floor: HttpBenchResult; ratio: number | null }[] = [];
      for (let index = 0; index < rounds; index++) {
        const halves = await abbaRound(
          () => loadCreations(ctx, shop, client, seconds),
          () => loadCreations(ctx, yard, client, seconds),
        );
        const s = combineRuns(...halves.first);
        const f = combineRuns(...halves.second);
        creationRounds.push({ shop: s, floor: f, ratio: ratioOf(s.requestsPerSecond, f.requestsPerSecond) });
        ctx.log(
          `creation round ${index + 1} (${database}): shop ${s.requestsPerSecond.toFixed(1)}/s p99 ${s.latencyP99Ms} ms ` +
            `(non-2xx ${s.non2xx}), floor ${f.requestsPerSecond.toFixed(1)}/s p99 ${f.latencyP99Ms} ms: ${x(creationRounds.at(-1)!.ratio)}`,
        );
      }

      const paymentRounds: {
        shop: number;
        floor: number;
        shopP99: number;
        floorP99: number;
        paid: string;
        ratio: number | null;
      }[] = [];
      // Unmeasured warm-up of both sides' payments, as the creations had above: the first
      // payments of a process also compile its payment path and name its statements (the
      // shop's first round took a fifth more CPU per payment than its later ones).
      const mailBeforeWarmup = await outboxCount(ctx.dataDir);
      const warmedUp = await loadPayments(ctx, shop, await createSessions(shop, PAY_WARMUP, client));
      await outboxSettled(ctx.dataDir, mailBeforeWarmup + warmedUp.paid);
      await loadPayments(ctx, yard, await createSessions(yard, PAY_WARMUP, client));
      // Other scenarios of the run (and the warm-up) have paid orders on this shop already.
      const mailBefore = await outboxCount(ctx.dataDir);
      let paidByShop = 0;
      const mailWaits: string[] = [];
      for (let index = 0; index < rounds; index++) {
        // Each half pays PAY_BATCH, as a whole round did before: a run's start and its last answers
        // weigh the same share of it (shorter runs favoured the slower side).
        const shopSessions = await createSessions(shop, 2 * PAY_BATCH, client);
        const floorSessions = await createSessions(yard, 2 * PAY_BATCH, client);
        const halfOf = (sessions: string[], half: 0 | 1) =>
          half === 0 ? sessions.slice(0, PAY_BATCH) : sessions.slice(PAY_BATCH);
        const halves = await abbaRound(
          async (half) => {
            const paying = await loadPayments(ctx, shop, halfOf(shopSessions, half));
            paidByShop += paying.paid;
            // The floor's half, or the next round, starts once this half's mail is written.
            const mail = await outboxSettled(ctx.dataDir, mailBefore + paidByShop);
            mailWaits.push(`${mail.count - mailBefore} of ${paidByShop} (${mail.waitedMs} ms)`);
            return paying;
          },
          (half) => loadPayments(ctx, yard, halfOf(floorSessions, half)),
        );
        const s = bothHalves(halves.first);
        const f = bothHalves(halves.second);
        paymentRounds.push({
          shop: s.perSecond,
          floor: f.perSecond,
          shopP99: s.result.latencyP99Ms,
          floorP99: f.result.latencyP99Ms,
          paid: `${s.paid} of ${shopSessions.length}`,
          ratio: ratioOf(s.perSecond, f.perSecond),
        });
        ctx.log(
          `payment round ${index + 1} (${database}): shop ${s.perSecond.toFixed(1)}/s (${s.paid} paid) p99 ${s.result.latencyP99Ms} ms, ` +
            `floor ${f.perSecond.toFixed(1)}/s p99 ${f.result.latencyP99Ms} ms: ${x(paymentRounds.at(-1)!.ratio)}`,
        );
      }

      ctx.log(`confirmations written after each shop payment run (all so far, wait): ${mailWaits.join(', ')}`);

      // Shoppers arriving at each rate on average, over at most 50 connections (after the
      // payments, so that their rounds meet the same tables as before this run existed).
      const steadyRuns: { rate: number; shop: SteadyLoadResult; floor: SteadyLoadResult }[] = [];
      for (const rate of STEADY_RATES) {
        const steadyShop = await steadyCreations(ctx, shop, client, rate);
        const steadyFloor = await steadyCreations(ctx, yard, client, rate);
        steadyRuns.push({ rate, shop: steadyShop, floor: steadyFloor });
        ctx.log(
          `creation at ${rate}/s offered (${database}, up to ${ctx.connections} connections): ` +
            `shop ${steadyShop.answeredPerSecond.toFixed(1)}/s p50 ${steadyShop.latencyP50Ms} ms p99 ${steadyShop.latencyP99Ms} ms, ` +
            `floor ${steadyFloor.answeredPerSecond.toFixed(1)}/s p50 ${steadyFloor.latencyP50Ms} ms p99 ${steadyFloor.latencyP99Ms} ms`,
        );
      }

      const creationRatios = creationRounds.map((r) => r.ratio).filter((r): r is number => r != null);
      const paymentRatios = paymentRounds.map((r) => r.ratio).filter((r): r is number => r != null);
      const last = creationRounds.at(-1)!;
      return {
        http: [last.shop, last.floor],
        metrics: {
          database,
          'checkout creation ratio to floor (median)': creationRatios.length ? round(median(creationRatios)!, 2) : null,
          'checkout creation ratio per round': creationRounds.map((r) => x(r.ratio)).join(' '),
          'checkout creations/s shop per round': creationRounds
            .map((r) => r.shop.requestsPerSecond.toFixed(1))
            .join(' '),
          'checkout creations/s floor per round': creationRounds
            .map((r) => r.floor.requestsPerSecond.toFixed(1))
            .join(' '),
          'checkout creation p99 ms shop per round': creationRounds.map((r) => r.shop.latencyP99Ms).join(' '),
          'checkout creation non-2xx shop': creationRounds.reduce((n, r) => n + r.shop.non2xx + r.shop.errors, 0),
          ...Object.fromEntries(
            steadyRuns.flatMap(({ rate, shop: s, floor: f }) => [
              [
                `checkout creation at ${rate}/s offered: p50/p99 ms shop, floor`,
                `${s.latencyP50Ms} / ${s.latencyP99Ms}, ${f.latencyP50Ms} / ${f.latencyP99Ms}`,
              ],
              [
                `checkout creation at ${rate}/s offered: shop answered/s, non-2xx`,
                `${s.answeredPerSecond.toFixed(1)}, ${s.non2xx + s.errors}`,
              ],
            ]),
          ),
          'payment ratio to floor (median)': paymentRatios.length ? round(median(paymentRatios)!, 2) : null,
          'payment ratio per round': paymentRounds.map((r) => x(r.ratio)).join(' '),
          'payments/s shop per round': paymentRounds.map((r) => r.shop.toFixed(1)).join(' '),
          'payments/s floor per round': paymentRounds.map((r) => r.floor.toFixed(1)).join(' '),
          'payment p99 ms shop per round': paymentRounds.map((r) => r.shopP99).join(' '),
          'payments paid shop per round': paymentRounds.map((r) => r.paid).join(', '),
          'confirmations written after each shop payment run (all so far, wait)': mailWaits.join(', '),
        },
        data: {
          creationRounds,
          steadyRuns,
          paymentRounds,
        },
      };
    } finally {
      await floor.stop();
    }
  },
});
