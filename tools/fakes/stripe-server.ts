/**
 * A local HTTP stand-in for the Stripe API that speaks its wire format: form-encoded request
 * bodies with bracketed keys (as the official SDK sends them), JSON objects and Stripe-style
 * errors back. Covers Checkout Sessions (create, retrieve, and paying or expiring one as the
 * shopper or time would), coupons, products and prices, and records every request so tests
 * can assert on what the SDK really sent. Refunds (`POST /v1/refunds` on a payment intent) honour
 * the Idempotency-Key header as Stripe does: a repeated key answers the first refund again.
 * Point the SDK at it with STRIPE_API_BASE (host, port, protocol http, no retries).
 *
 * Tax (issue 25), checked as Stripe documents it: Tax Rates (`POST /v1/tax_rates`: display_name,
 * percentage, inclusive required; country ISO alpha-2, state without the country prefix); a
 * Session's `line_items[].dynamic_tax_rates` (known, active rates with a country; not with
 * `tax_rates` on the same item; the session must collect an address) applied by the shopper's
 * shipping address when they pay; or `automatic_tax[enabled]` (Stripe Tax: never with tax rates;
 * every price and shipping rate with a `tax_behavior`, tax codes `txcd_` + 8 digits), computed
 * from the registrations the test gives (`setTaxRegistrations`, default Indiana 7%, shipping
 * taxed). A paid session reports `total_details.amount_tax` and an `amount_total` that includes it.
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

/** Where the fake's Stripe Tax account is registered: 'US-IN' (or 'GB') -> percentage and shipping taxability. */
export type FakeTaxRegistrations = Record<string, { percentage: number; shippingTaxed: boolean }>;

export const FAKE_TAX_REGISTRATIONS: FakeTaxRegistrations = { 'US-IN': { percentage: 7, shippingTaxed: true } };

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
  taxRates: Map<string, Json>;
  /** The places Stripe Tax collects in (automatic_tax); FAKE_TAX_REGISTRATIONS until set. */
  setTaxRegistrations(registrations: FakeTaxRegistrations): void;
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
  // The fake's own bookkeeping on a session (..._for_tax) is not part of Stripe's answer.
  res.end(JSON.stringify(body, (key, value: unknown) => (key.endsWith('_for_tax') || key === 'automatic_tax_enabled' ? undefined : value)));
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
  const taxRates = new Map<string, Json>();
  let taxRegistrations: FakeTaxRegistrations = FAKE_TAX_REGISTRATIONS;
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

  /** A coupon as Stripe takes it: percent_off or amount_off with currency, a known duration, a name of at most 40. */
  function couponProblem(body: Json): string | null {
    const hasPercent = body.percent_off !== undefined;
    const hasAmount = body.amount_off !== undefined;
    if (hasPercent === hasAmount) return 'You must pass exactly one of percent_off or amount_off';
    if (hasAmount) {
      const amount = Number(body.amount_off);
      if (!Number.isInteger(amount) || amount < 1) return 'amount_off: must be a positive integer';
      if (!body.currency) return 'currency: required when amount_off is passed';
    } else {
      const percent = Number(body.percent_off);
      if (!(percent > 0 && percent <= 100)) return 'percent_off: must be greater than 0 and at most 100';
    }
    if (body.duration !== undefined && !['once', 'forever', 'repeating'].includes(String(body.duration))) {
      return `duration: invalid value ${String(body.duration)}`;
    }
    if (body.name !== undefined && String(body.name).length > 40) return 'name: must be at most 40 characters';
    if (body.max_redemptions !== undefined && !(Number.isInteger(Number(body.max_redemptions)) && Number(body.max_redemptions) >= 1)) {
      return 'max_redemptions: must be a positive integer';
    }
    return null;
  }

  /** Shipping options as Stripe takes them: a rate id, or rate data of type fixed_amount with a name and a non-negative amount. */
  function shippingProblem(options: Json[]): string | null {
    if (options.length > 5) return 'shipping_options: at most 5';
    for (const option of options) {
      const data = option.shipping_rate_data as Json | undefined;
      if ((option.shipping_rate === undefined) === (data === undefined)) {
        return 'shipping_options: pass exactly one of shipping_rate or shipping_rate_data';
      }
      if (!data) continue;
      if ((data.type ?? 'fixed_amount') !== 'fixed_amount') return 'shipping_rate_data[type]: must be fixed_amount';
      if (typeof data.display_name !== 'string' || data.display_name.length === 0 || data.display_name.length > 100) {
        return 'shipping_rate_data[display_name]: required, at most 100 characters';
      }
      const fixed = data.fixed_amount as Json | undefined;
      const amount = Number(fixed?.amount);
      if (!fixed || !Number.isInteger(amount) || amount < 0 || !fixed.currency) {
        return 'shipping_rate_data[fixed_amount]: amount (a non-negative integer) and currency are required';
      }
    }
    return null;
  }

  function createTaxRate(body: Json): Json | string {
    if (typeof body.display_name !== 'string' || body.display_name === '') return 'Missing required param: display_name.';
    if (body.inclusive !== 'true' && body.inclusive !== 'false') return 'Missing required param: inclusive.';
    const percentage = Number(body.percentage);
    if (body.percentage === undefined || !Number.isFinite(percentage) || percentage < 0 || percentage > 100) {
      return 'Invalid percentage: must be a number from 0 to 100.';
    }
    if (/\.\d{5,}$/.test(String(body.percentage))) return 'Invalid percentage: at most 4 decimal places.';
    if (body.country !== undefined && !/^[A-Z]{2}$/.test(String(body.country))) return 'Invalid country: an ISO 3166-1 alpha-2 code.';
    if (body.state !== undefined && (body.country === undefined || !/^[A-Z0-9]{1,3}$/.test(String(body.state)))) {
      return 'Invalid state: an ISO 3166-2 subdivision code without the country prefix, with a country.';
    }
    const types = ['amusement_tax', 'communications_tax', 'gst', 'hst', 'igst', 'jct', 'lease_tax', 'pst', 'qst', 'retail_delivery_fee', 'rst', 'sales_tax', 'service_tax', 'vat'];
    if (body.tax_type !== undefined && !types.includes(String(body.tax_type))) return `Invalid tax_type: ${String(body.tax_type)}`;
    const rate: Json = {
      id: id('txr'),
      object: 'tax_rate',
      active: true,
      country: body.country ?? null,
      state: body.state ?? null,
      description: body.description ?? null,
      display_name: body.display_name,
      inclusive: body.inclusive === 'true',
      jurisdiction: body.jurisdiction ?? null,
      percentage,
      tax_type: body.tax_type ?? null,
      metadata: body.metadata ?? {},
      created: Math.floor(Date.now() / 1000),
      livemode: false,
    };
    taxRates.set(String(rate.id), rate);
    return rate;
  }

  const TAX_CODE = /^txcd_\d{8}$/;
  const TAX_BEHAVIORS = ['inclusive', 'exclusive', 'unspecified'];

  /** The tax parameters of a session, as Stripe refuses them; null when they are fine. */
  function checkSessionTax(body: Json, lineItems: Json[]): string | null {
    const automatic = String((body.automatic_tax as Json | undefined)?.enabled) === 'true';
    const collectsAddress =
      body.shipping_address_collection !== undefined || body.billing_address_collection === 'required';
    for (const [index, item] of lineItems.entries()) {
      const dynamic = (item.dynamic_tax_rates as string[] | undefined) ?? [];
      const fixed = (item.tax_rates as string[] | undefined) ?? [];
      const priceData = (item.price_data ?? {}) as Json;
      const productData = (priceData.product_data ?? {}) as Json;
      if (dynamic.length > 0 && fixed.length > 0) {
        return `line_items[${index}]: You cannot set both \`tax_rates\` and \`dynamic_tax_rates\` on the same line item.`;
      }
      if (automatic && (dynamic.length > 0 || fixed.length > 0)) {
        return 'You cannot use `automatic_tax` together with `tax_rates` or `dynamic_tax_rates`.';
      }
      if (dynamic.length > 0 && !collectsAddress) {
        return `line_items[${index}][dynamic_tax_rates]: dynamic tax rates need the customer's address: set \`shipping_address_collection\` or \`billing_address_collection=required\`.`;
      }
      for (const rateId of [...dynamic, ...fixed]) {
        const rate = taxRates.get(rateId);
        if (!rate) return `No such tax rate: '${rateId}'`;
        if (rate.active !== true) return `Tax rate ${rateId} is inactive and cannot be used with new Checkout Sessions.`;
        if (dynamic.includes(rateId) && !rate.country) {
          return `Tax rate ${rateId} has no country: dynamic tax rates must have a country (and a state in the US).`;
        }
      }
      if (priceData.tax_behavior !== undefined && !TAX_BEHAVIORS.includes(String(priceData.tax_behavior))) {
        return `line_items[${index}][price_data][tax_behavior]: Invalid value ${String(priceData.tax_behavior)}.`;
      }
      if (productData.tax_code !== undefined && !TAX_CODE.test(String(productData.tax_code))) {
        return `No such tax code: '${String(productData.tax_code)}'`;
      }
      if (automatic && (priceData.tax_behavior === undefined || priceData.tax_behavior === 'unspecified')) {
        return `line_items[${index}][price_data][tax_behavior]: automatic tax needs every price's tax_behavior (inclusive or exclusive).`;
      }
    }
    for (const [index, option] of ((body.shipping_options as Json[] | undefined) ?? []).entries()) {
      const rate = (option.shipping_rate_data ?? {}) as Json;
      if (rate.tax_behavior !== undefined && !TAX_BEHAVIORS.includes(String(rate.tax_behavior))) {
        return `shipping_options[${index}][shipping_rate_data][tax_behavior]: Invalid value ${String(rate.tax_behavior)}.`;
      }
      if (rate.tax_code !== undefined && !TAX_CODE.test(String(rate.tax_code))) return `No such tax code: '${String(rate.tax_code)}'`;
      if (automatic && (rate.tax_behavior === undefined || rate.tax_behavior === 'unspecified')) {
        return `shipping_options[${index}][shipping_rate_data][tax_behavior]: automatic tax needs the shipping rate's tax_behavior.`;
      }
    }
    return null;
  }

  /**
   * The tax of a paid session at the shopper's address, as Stripe adds it on its page: per line
   * item, on its amount after its share of the discount (shared in proportion to the items'
   * amounts), rounded to the cent; with Stripe Tax, on the shipping too where it is taxed.
   */
  function sessionTax(session: Json, address: { country: string; state?: string | null } | null): number {
    if (!address) return 0;
    const items = (session.line_items_for_tax as Json[] | undefined) ?? [];
    const subtotal = items.reduce((sum, item) => sum + Number(item.amount), 0);
    const discount = Number(session.discount_for_tax ?? 0);
    const automatic = session.automatic_tax_enabled === true;
    const registration = taxRegistrations[`${address.country}-${address.state ?? ''}`] ?? taxRegistrations[address.country];
    let tax = 0;
    for (const item of items) {
      const share = subtotal > 0 ? Math.round((discount * Number(item.amount)) / subtotal) : 0;
      const base = Math.max(0, Number(item.amount) - share);
      let percentage = 0;
      if (automatic) {
        percentage = registration ? registration.percentage : 0;
      } else {
        const rates = ((item.dynamic_tax_rates as string[] | undefined) ?? []).map((rateId) => taxRates.get(rateId)!);
        const match =
          rates.find((rate) => rate.country === address.country && rate.state && rate.state === address.state) ??
          rates.find((rate) => rate.country === address.country && !rate.state);
        percentage = match ? Number(match.percentage) : 0;
      }
      tax += Math.round((base * percentage) / 100);
    }
    if (automatic && registration?.shippingTaxed) tax += Math.round((Number(session.shipping_for_tax ?? 0) * registration.percentage) / 100);
    return tax;
  }

  function createSession(body: Json): Json | string {
    const lineItems = (body.line_items as Json[] | undefined) ?? [];
    if (lineItems.length === 0) return 'line_items: at least one is required';
    const taxProblem = checkSessionTax(body, lineItems);
    if (taxProblem) return taxProblem;
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
    const discounts = (body.discounts as Json[] | undefined) ?? [];
    // Stripe: "Checkout Sessions supports up to one coupon or promotion code", and a session
    // either carries its discounts or lets the shopper type a promotion code, never both.
    if (discounts.length > 1) return 'discounts: Checkout Sessions support at most one discount';
    if (discounts.length > 0 && String(body.allow_promotion_codes) === 'true') {
      return 'You may only specify one of these parameters: allow_promotion_codes, discounts.';
    }
    for (const entry of discounts) {
      if ((entry.coupon === undefined) === (entry.promotion_code === undefined)) {
        return 'discounts: pass exactly one of coupon or promotion_code';
      }
      const coupon = coupons.get(String(entry.coupon));
      if (!coupon) return `No such coupon: '${String(entry.coupon)}'`;
      discount += coupon.percent_off !== undefined && coupon.percent_off !== null
        ? Math.round((subtotal * Number(coupon.percent_off)) / 100)
        : Number(coupon.amount_off ?? 0);
    }
    const problem = shippingProblem((body.shipping_options as Json[] | undefined) ?? []);
    if (problem) return problem;
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
      automatic_tax: { enabled: String((body.automatic_tax as Json | undefined)?.enabled) === 'true', status: null, provider: null },
      total_details: { amount_discount: Math.min(discount, subtotal), amount_shipping: shipping, amount_tax: 0 },
      // What the fake needs to add the tax when the shopper pays (not Stripe fields; left out of answers).
      line_items_for_tax: lineItems.map((item) => ({
        amount: Number((item.price_data as Json).unit_amount) * Number(item.quantity),
        dynamic_tax_rates: item.dynamic_tax_rates ?? [],
      })),
      discount_for_tax: Math.min(discount, subtotal),
      shipping_for_tax: shipping,
      automatic_tax_enabled: String((body.automatic_tax as Json | undefined)?.enabled) === 'true',
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
    if (method === 'POST' && path === '/v1/tax_rates') {
      const rate = createTaxRate(body);
      if (typeof rate === 'string') return stripeError(res, 400, 'invalid_request_error', rate);
      return send(res, rate);
    }
    if (method === 'GET' && (match = path.match(/^\/v1\/tax_rates\/([^/]+)$/))) {
      const rate = taxRates.get(decodeURIComponent(match[1]!));
      if (!rate) return stripeError(res, 404, 'invalid_request_error', `No such tax rate: '${match[1]}'`);
      return send(res, rate);
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const refund = createRefund(body, req.headers['idempotency-key'] as string | undefined);
      if (typeof refund === 'string') return stripeError(res, 400, 'invalid_request_error', refund);
      return send(res, refund);
    }
    if (method === 'POST' && path === '/v1/coupons') {
      const problem = couponProblem(body);
      if (problem) return stripeError(res, 400, 'invalid_request_error', problem);
      const coupon = {
        id: id('co'),
        object: 'coupon',
        valid: true,
        duration: 'once',
        ...body,
        amount_off: body.amount_off === undefined ? null : Number(body.amount_off),
        percent_off: body.percent_off === undefined ? null : Number(body.percent_off),
      };
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
    taxRates,
    setTaxRegistrations(registrations) {
      taxRegistrations = registrations;
    },
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
      // The tax of the address the shopper gave (Stripe adds it on its page before they pay).
      const amountTax = sessionTax(session, shipping ? shipping.address : null);
      const totalDetails = session.total_details as Json;
      Object.assign(session, {
        amount_total: Number(session.amount_total) - Number(totalDetails.amount_tax) + amountTax,
        total_details: { ...totalDetails, amount_tax: amountTax },
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
