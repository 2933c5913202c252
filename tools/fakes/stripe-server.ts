/**
 * A local HTTP stand-in for the Stripe API that speaks its wire format: form-encoded request
 * bodies with bracketed keys (as the official SDK sends them), JSON objects and Stripe-style
 * errors back. Covers Checkout Sessions (create, retrieve, and paying or expiring one as the
 * shopper or time would), coupons, products and prices, and records every request so tests
 * can assert on what the SDK really sent. Refunds (`POST /v1/refunds` on a payment intent) honour
 * the Idempotency-Key header as Stripe does: a repeated key answers the first refund again.
 * Point the SDK at it with STRIPE_API_BASE (host, port, protocol http, no retries).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Json = Record<string, unknown>;

/** What the shopper typed on Stripe's page when the session has `shipping_address_collection`. */
export interface FakeShippingDetails {
  name: string;
  phone?: string | null;
  address: { line1: string; line2?: string | null; city: string; state?: string | null; postal_code: string; country: string };
}

/** A US address the fake's shopper uses unless a test gives another. */
export const FAKE_SHIPPING: FakeShippingDetails = {
  name: 'Grace Shopper',
  phone: '+1 317 555 0100',
  address: { line1: '12 Hope Street', line2: 'Apt 3', city: 'Indianapolis', state: 'IN', postal_code: '46204', country: 'US' },
};

export interface RecordedStripeRequest {
  method: string;
  path: string;
  body: Json;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
}

export interface FakeStripeServer {
  url: string;
  requests: RecordedStripeRequest[];
  sessions: Map<string, Json>;
  coupons: Map<string, Json>;
  products: Map<string, Json>;
  prices: Map<string, Json>;
  /** Payment intents of paid sessions: amount and amount_refunded. */
  paymentIntents: Map<string, Json>;
  /** Refunds created (one per distinct idempotency key). */
  refunds: Json[];
  /** Refunds are refused with this message (a 400 invalid_request_error) while set. */
  rejectRefunds(message: string | null): void;
  /** Makes the next N requests fail with a 500 api_error. */
  failNext(count?: number): void;
  /** The shopper pays on Stripe's page: the session becomes complete and paid (no webhook is sent). */
  pay(
    sessionId: string,
    options?: { paymentIntent?: string; paymentStatus?: 'paid' | 'unpaid'; shipping?: FakeShippingDetails | null },
  ): void;
  /** The session expires unpaid on Stripe's side. */
  expire(sessionId: string): void;
  close(): Promise<void>;
}

/** Parses `a[b][0][c]=1` style form bodies into nested objects and arrays. */
export function parseStripeForm(body: string): Json {
  const root: Json = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = root;
    parts.forEach((part, index) => {
      const last = index === parts.length - 1;
      if (last) {
        node[part] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(parts[index + 1]!);
      node[part] ??= nextIsIndex ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return root;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

function stripeError(res: ServerResponse, status: number, type: string, message: string) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: { type, message } }));
}

function send(res: ServerResponse, body: unknown) {
  res.writeHead(200, { 'content-type': 'application/json', 'request-id': id('req') });
  res.end(JSON.stringify(body));
}

function list(url: string, items: Json[]) {
  return { object: 'list', url, has_more: false, data: items };
}

export async function startFakeStripeServer(): Promise<FakeStripeServer> {
  const requests: RecordedStripeRequest[] = [];
  const sessions = new Map<string, Json>();
  const coupons = new Map<string, Json>();
  const products = new Map<string, Json>();
  const prices = new Map<string, Json>();
  const paymentIntents = new Map<string, Json>();
  const refunds: Json[] = [];
  const refundsByKey = new Map<string, Json>();
  let refundRejection: string | null = null;
  let failures = 0;

  function createRefund(body: Json, idempotencyKey: string | undefined): Json | string {
    if (idempotencyKey && refundsByKey.has(idempotencyKey)) return refundsByKey.get(idempotencyKey)!;
    if (refundRejection) return refundRejection;
    const intent = paymentIntents.get(String(body.payment_intent));
    if (!intent) return `No such payment_intent: '${String(body.payment_intent)}'`;
    const remaining = Number(intent.amount) - Number(intent.amount_refunded);
    const amount = body.amount === undefined ? remaining : Number(body.amount);
    if (remaining <= 0) return `Charge for payment intent ${String(intent.id)} has already been refunded.`;
    if (!Number.isInteger(amount) || amount < 1 || amount > remaining) {
      return `Refund amount (${amount}) is greater than unrefunded amount on charge (${remaining})`;
    }
    intent.amount_refunded = Number(intent.amount_refunded) + amount;
    const refund: Json = {
      id: id('re'),
      object: 'refund',
      amount,
      currency: 'usd',
      payment_intent: intent.id,
      status: 'succeeded',
      metadata: body.metadata ?? {},
      created: Math.floor(Date.now() / 1000),
    };
    refunds.push(refund);
    if (idempotencyKey) refundsByKey.set(idempotencyKey, refund);
    return refund;
  }
  let baseUrl = '';

  function createSession(body: Json): Json | string {
    const lineItems = (body.line_items as Json[] | undefined) ?? [];
    if (lineItems.length === 0) return 'line_items: at least one is required';
    let subtotal = 0;
    for (const item of lineItems) {
      const priceData = item.price_data as Json | undefined;
      const unit = Number(priceData?.unit_amount);
      const quantity = Number(item.quantity);
      if (!Number.isInteger(unit) || unit < 0 || !Number.isInteger(quantity) || quantity < 1) {
        return 'line_items: unit_amount and quantity must be positive integers';
      }
      subtotal += unit * quantity;
    }
    let discount = 0;
    for (const entry of (body.discounts as Json[] | undefined) ?? []) {
      const coupon = coupons.get(String(entry.coupon));
      if (!coupon) return `No such coupon: '${String(entry.coupon)}'`;
      discount += Number(coupon.amount_off ?? 0);
    }
    const shippingOption = ((body.shipping_options as Json[] | undefined) ?? [])[0];
    const shipping = Number(
      ((shippingOption?.shipping_rate_data as Json | undefined)?.fixed_amount as Json | undefined)?.amount ?? 0,
    );
    // Stripe takes an expiry from 30 minutes to 24 hours after creation.
    const now = Math.floor(Date.now() / 1000);
    const expiresAt = body.expires_at === undefined ? now + 24 * 3600 : Number(body.expires_at);
    if (!Number.isInteger(expiresAt) || expiresAt < now + 30 * 60 - 5 || expiresAt > now + 24 * 3600 + 5) {
      return 'expires_at: must be between 30 minutes and 24 hours from now';
    }
    const sessionId = id('cs');
    const session: Json = {
      id: sessionId,
      object: 'checkout.session',
      mode: body.mode ?? 'payment',
      status: 'open',
      payment_status: 'unpaid',
      currency: 'usd',
      amount_subtotal: subtotal,
      amount_total: Math.max(0, subtotal - discount) + shipping,
      customer_email: body.customer_email ?? null,
      client_reference_id: body.client_reference_id ?? null,
      metadata: body.metadata ?? {},
      success_url: body.success_url,
      cancel_url: body.cancel_url,
      payment_intent: null,
      shipping_address_collection: body.shipping_address_collection ?? null,
      phone_number_collection: body.phone_number_collection ?? { enabled: false },
      collected_information: null,
      customer_details: null,
      url: `${baseUrl}/pay/${sessionId}`,
      expires_at: expiresAt,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
    };
    sessions.set(sessionId, session);
    return session;
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://fake');
    const body = req.method === 'GET' ? parseStripeForm(url.search.slice(1)) : parseStripeForm(raw);
    const authorization = req.headers.authorization;
    requests.push({
      method: req.method ?? 'GET',
      path: url.pathname,
      body,
      authorization,
      idempotencyKey: req.headers['idempotency-key'] as string | undefined,
    });
    if (!authorization?.startsWith('Bearer sk_')) {
      return stripeError(res, 401, 'invalid_request_error', 'Invalid API Key provided');
    }
    if (failures > 0) {
      failures -= 1;
      return stripeError(res, 500, 'api_error', 'Something went wrong on the fake');
    }
    const path = url.pathname;
    const method = req.method ?? 'GET';
    let match: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const session = createSession(body);
      if (typeof session === 'string') return stripeError(res, 400, 'invalid_request_error', session);
      return send(res, session);
    }
    if (method === 'GET' && (match = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/))) {
      const session = sessions.get(decodeURIComponent(match[1]!));
      if (!session) return stripeError(res, 404, 'invalid_request_error', `No such checkout.session: '${match[1]}'`);
      return send(res, session);
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const refund = createRefund(body, req.headers['idempotency-key'] as string | undefined);
      if (typeof refund === 'string') return stripeError(res, 400, 'invalid_request_error', refund);
      return send(res, refund);
    }
    if (method === 'POST' && path === '/v1/coupons') {
      const coupon = { id: id('co'), object: 'coupon', valid: true, ...body, amount_off: Number(body.amount_off ?? 0) };
      coupons.set(String(coupon.id), coupon);
      return send(res, coupon);
    }
    // A product named with 'STRIPE-FAIL' is refused, so a sync can see one product fail.
    if (method === 'POST' && path.startsWith('/v1/products') && String(body.name ?? '').includes('STRIPE-FAIL')) {
      return stripeError(res, 400, 'invalid_request_error', `Cannot sync ${String(body.name)}`);
    }
    if (method === 'POST' && path === '/v1/products') {
      const product = { id: id('prod'), object: 'product', active: true, metadata: {}, ...body };
      products.set(String(product.id), product);
      return send(res, product);
    }
    if (method === 'GET' && path === '/v1/products') return send(res, list('/v1/products', [...products.values()]));
    if (method === 'POST' && (match = path.match(/^\/v1\/products\/([^/]+)$/))) {
      const existing = products.get(match[1]!);
      if (!existing) return stripeError(res, 404, 'invalid_request_error', `No such product: '${match[1]}'`);
      Object.assign(existing, body);
      return send(res, existing);
    }
    if (method === 'POST' && path === '/v1/prices') {
      if (!products.has(String(body.product))) {
        return stripeError(res, 400, 'invalid_request_error', `No such product: '${String(body.product)}'`);
      }
      const price = {
        id: id('price'),
        object: 'price',
        active: true,
        currency: 'usd',
        ...body,
        unit_amount: Number(body.unit_amount),
      };
      prices.set(String(price.id), price);
      return send(res, price);
    }
    if (method === 'GET' && path === '/v1/prices') {
      const productFilter = url.searchParams.get('product');
      const items = [...prices.values()].filter((price) => !productFilter || price.product === productFilter);
      return send(res, list('/v1/prices', items));
    }
    return stripeError(res, 404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path})`);
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => stripeError(res, 500, 'api_error', String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;
  return {
    url: baseUrl,
    requests,
    sessions,
    coupons,
    products,
    prices,
    paymentIntents,
    refunds,
    rejectRefunds(message) {
      refundRejection = message;
    },
    failNext(count = 1) {
      failures = count;
    },
    pay(sessionId, options = {}) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`fake Stripe: no session ${sessionId}`);
      const paymentIntent = options.paymentIntent ?? id('pi');
      // As Stripe's page: an address only when the session asked for one (a phone only when enabled).
      const collects = session.shipping_address_collection !== null;
      const shipping = collects ? (options.shipping === undefined ? FAKE_SHIPPING : options.shipping) : null;
      const phoneEnabled = String((session.phone_number_collection as Json | null)?.enabled) === 'true';
      Object.assign(session, {
        status: 'complete',
        payment_status: options.paymentStatus ?? 'paid',
        payment_intent: paymentIntent,
        collected_information: shipping
          ? {
              business_name: null,
              individual_name: null,
              shipping_details: { name: shipping.name, address: { line2: null, state: null, ...shipping.address } },
            }
          : null,
        customer_details: {
          email: session.customer_email ?? null,
          name: shipping?.name ?? null,
          phone: phoneEnabled ? (shipping?.phone ?? null) : null,
          address: shipping ? { line2: null, state: null, ...shipping.address } : null,
        },
      });
      paymentIntents.set(paymentIntent, {
        id: paymentIntent,
        object: 'payment_intent',
        amount: session.amount_total,
        amount_refunded: 0,
      });
    },
    expire(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`fake Stripe: no session ${sessionId}`);
      Object.assign(session, { status: 'expired', url: null });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
