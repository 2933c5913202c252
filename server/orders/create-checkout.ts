/**
 * Creates a pending order from a checkout request and opens its hosted payment page.
 * Every line is repriced from the database and the order priced by `priceOrder` (domain),
 * once, in the transaction that stores it: points are checked against the balance under a
 * per-e-mail advisory lock there, so two concurrent checkouts cannot spend them twice (a
 * pending order's points are held until it is paid or cancelled). `storePendingOrder` is
 * that transaction's one place: the order's stock is reserved there too (server/stock), so
 * the last units of a variant go to exactly as many orders as they cover.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { CheckoutRequestSchema, checkoutLineProblem, type CheckoutRequest } from '../../domain/order';
import * as CART_MESSAGES from '../../domain/cart-messages';
import type { RedemptionRate } from '../../domain/loyalty';
import { priceOrder, type OrderPrice } from '../../domain/price-order';
import { AppError, badRequest, ProviderError } from '../app-error';
import type { Executor } from '../db/client';
import { checkoutSessions, customers, orderLines, orders } from '../db/schema';
import { getSpendablePoints } from '../loyalty/ledger';
import { openHostedSession, PROVIDER_UNREACHABLE_MESSAGE } from './open-hosted-session';
import type { HostedSession, PaymentProvider } from '../payments/payment-provider';
import type { ProviderServices } from './payment-services';
import { announceTaken, isStockShortError, stockOfNewOrder, stockShortfall } from '../stock/reserve-order-stock';
import { decideCheckoutDiscount } from '../discounts/checkout-discount';
import { newRedemptionSql } from '../discounts/redemptions';
import { stripeCheckoutTax } from '../tax/stripe-checkout-tax';
import { expireCheckoutSession } from './complete-checkout-session';
import { priceCheckoutLines, type PricedLine } from './price-checkout-lines';

export interface CheckoutResult {
  url: string;
  sessionId: string;
  orderId: string;
  orderNumber: string;
  price: OrderPrice;
}

/** Turns a raw JSON body into a checkout request, or a 400 naming the first bad line. */
export function parseCheckoutRequest(body: unknown): CheckoutRequest {
  const parsed = CheckoutRequestSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const [first, index, field] = issue.path;
  if (first === 'items' && typeof index === 'number')
    throw badRequest(checkoutLineProblem(index, field), 'invalid-line');
  if (first === 'items') {
    const items = (body as { items?: unknown } | null)?.items;
    if (Array.isArray(items) && items.length === 0) throw badRequest('Your cart is empty', 'empty-cart');
    throw Array.isArray(items)
      ? badRequest('Too many lines in one order', 'too-many-lines')
      : badRequest('Your cart is empty', 'empty-cart');
  }
  if (first === 'email') throw badRequest('Please enter a valid email address', 'invalid-email');
  if (first === 'couponCode') {
    throw badRequest(
      `${CART_MESSAGES.invalidCouponTitle}. ${CART_MESSAGES.invalidCouponDescription}`,
      'invalid-coupon',
    );
  }
  if (first === 'pointsToRedeem') throw badRequest('Points to redeem must be a whole number', 'invalid-points');
  if (first === 'replaces') throw badRequest('The checkout to replace must be a session id', 'invalid-replaces');
  throw badRequest('Invalid checkout request');
}

/**
 * Closes the open order checkout a new one replaces (the shopper came back from its hosted
 * page and checks out again): its session expires and its order is cancelled as an abandoned
 * checkout would be, so the units and points it held are free for the new one. Only an open,
 * unpaid order session is touched; the id is the browser's own (a bearer secret, as the
 * hosted page's address is). A payment that still arrives for it is given back (issue 11).
 */
async function closeReplacedCheckout(options: ProviderServices & { sessionId: string }): Promise<void> {
  const [replaced] = await options.db
    .select({ id: checkoutSessions.id, provider: checkoutSessions.provider })
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.id, options.sessionId),
        eq(checkoutSessions.status, 'open'),
        eq(checkoutSessions.purpose, 'order'),
      ),
    );
  if (!replaced) return;
  // Through the same door as every expiry: a payment racing it is recorded once, whichever is first.
  await expireCheckoutSession({
    db: options.db,
    logger: options.logger,
    sessionId: replaced.id,
    providerName: replaced.provider === 'stripe' ? 'stripe' : 'sandbox',
  });
}

/** Prices the order (with points under the per-e-mail lock) and stores it with its lines, in `tx`. */
async function storePendingOrder(options: {
  tx: Executor;
  request: CheckoutRequest;
  lines: PricedLine[];
  email: string | null;
  /** Set when points are redeemed: the signed-in account that owns them. */
  pointsOwner: string | null;
  /** The signed-in shopper's account (a code's per-customer limit counts it), if any. */
  viewerUserId: string | null;
  provider: PaymentProvider['name'];
  redemptionRate: RedemptionRate | undefined;
  /** A session the provider made without a network call: stored with the order, in the same transaction. */
  localSession?: HostedSession | null;
}): Promise<{ id: string; orderNumber: string; price: OrderPrice }> {
  const { tx, request, lines, email, pointsOwner } = options;
  let pointsBalance = 0;
  if (pointsOwner) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'points:' + pointsOwner}))`);
    pointsBalance = await getSpendablePoints({ db: tx, email: pointsOwner });
    const requested = request.pointsToRedeem ?? 0;
    if (requested > pointsBalance) {
      throw badRequest(
        `You have ${pointsBalance.toLocaleString('en-US')} points available; ${requested.toLocaleString('en-US')} cannot be redeemed`,
        'points-unavailable',
      );
    }
  }
  // The code's row is locked from here to commit (issue 26): its uses are counted and one reserved below.
  const discount = request.couponCode
    ? await decideCheckoutDiscount({
        tx,
        code: request.couponCode,
        lines,
        shopper: { email, userId: options.viewerUserId },
      })
    : null;
  const price = priceOrder({
    lines,
    discount: discount?.terms ?? null,
    pointsToRedeem: request.pointsToRedeem,
    pointsBalance,
    redemptionRate: options.redemptionRate,
  });
  // The stock, the order, its lines, the code's redemption and a local session: ONE statement
  // (issue 31). Its rows are taken first, each later row naming the order by the id the order's
  // insert returned; a line short of stock fails the statement (the checkout is then a 400
  // naming it, createCheckout) and nothing is stored. Its values are parameters, the lines'
  // as one array per column: the statement's text is the same whatever the cart, so it is
  // quick to build and planned once (decision 035, fourth round).
  const stock = stockOfNewOrder(lines);
  const column = <T>(pick: (line: PricedLine, position: number) => T) => sql.param(lines.map(pick));
  const parts: SQL[] = [
    sql`new_order as (
      insert into ${orders} (status, customer_id, email, subtotal_cents, discount_cents, coupon_code,
        shipping_discount_cents, points_redeemed, points_discount_cents, shipping_cents, total_cents, points_earned,
        payment_provider, stock_state, payment_session_id)
      -- The customer row of the order's email, if any, as a subquery (no round trip of its own).
      values ('pending', (select id from ${customers} where email = ${email}::text limit 1), ${email}::text,
        ${price.subtotalCents}::int, ${price.discountCents}::int, ${price.couponCode}::text,
        ${price.shippingDiscountCents}::int, ${price.pointsRedeemed}::int, ${price.pointsDiscountCents}::int,
        ${price.shippingCents}::int, ${price.totalCents}::int, ${price.pointsEarned}::int,
        ${options.provider}::text, 'reserved', ${options.localSession?.id ?? null}::text)
      returning id, order_number
    )`,
    sql`new_lines as (
      insert into ${orderLines} (order_id, product_id, name, unit_price_cents, color, size, quantity, line_total_cents,
        image_url, position, reserved_quantity, net_cents)
      select (select id from new_order), w.product_id, w.name, w.unit_price_cents, w.color, w.size, w.quantity,
        w.unit_price_cents * w.quantity, w.image_url, w.position, ${stock.reservedQuantity(sql`w`)}, w.net_cents
      from unnest(
        ${column((line) => line.productId)}::uuid[], ${column((line) => line.name)}::text[],
        ${column((line) => line.unitPriceCents)}::int[], ${column((line) => line.color)}::text[],
        ${column((line) => line.size)}::text[], ${column((line) => line.quantity)}::int[],
        ${column((line) => line.imageUrl)}::text[], ${column((_, position) => position)}::int[],
        -- Two lines of one variant share its reservation: the first line records it all.
        ${column((_, position) => stock.reserves(position))}::int[],
        -- Issue 25: what the line sells for, so the address's tax is computed on it when paid.
        ${column((_, position) => price.lines[position]!.netCents)}::int[]
      ) as w(product_id, name, unit_price_cents, color, size, quantity, image_url, position, reserves, net_cents)
    )`,
  ];
  if (discount) {
    parts.push(
      sql`new_use as (${newRedemptionSql({
        discountId: discount.discountId,
        orderId: sql`(select id from new_order)`,
        emailKey: discount.emailKey,
        userId: options.viewerUserId,
      })})`,
    );
  }
  if (options.localSession) {
    const session = options.localSession;
    parts.push(sql`new_session as (
      insert into ${checkoutSessions} (id, provider, purpose, order_id, url, status, amount_total_cents, expires_at)
      values (${session.id}::text, ${options.provider}::text, 'order', (select id from new_order), ${session.url}::text,
        'open', ${price.totalCents}::int, ${session.expiresAt.toISOString()}::timestamptz)
    )`);
  }
  const { rows: stored } = await tx.execute<{ id: string; order_number: string; taken: string[] }>(sql`
    with ${stock.ctes}, ${sql.join(parts, sql`, `)}
    select id, order_number, ${stock.takenProducts} as taken from new_order`);
  const created = stored[0]!;
  announceTaken(created.taken);
  return { id: created.id, orderNumber: created.order_number, price };
}

export async function createCheckout(
  options: ProviderServices & {
    body: unknown;
    /** The signed-in shopper's e-mail, if any. */
    viewerEmail: string | null;
    /** The signed-in shopper's account id, if any. */
    viewerUserId?: string | null;
    /** The configured redemption rate (POINTS_PER_DOLLAR_OFF); the domain default without it. */
    redemptionRate?: RedemptionRate;
  },
): Promise<CheckoutResult> {
  const { db, provider } = options;
  const request = parseCheckoutRequest(options.body);
  const viewerEmail = options.viewerEmail?.trim().toLowerCase() || null;
  const wantsPoints = (request.pointsToRedeem ?? 0) > 0;
  if (wantsPoints && !viewerEmail) {
    throw new AppError('sign-in-required', { message: 'Sign in to redeem your points' });
  }
  // Redeemed points belong to the signed-in account, so its e-mail is the order's.
  const email = wantsPoints ? viewerEmail : (request.email ?? viewerEmail);

  if (request.replaces) await closeReplacedCheckout({ ...options, sessionId: request.replaces });
  const lines = await priceCheckoutLines({ db, lines: request.items });
  // Issue 25: how Stripe's page adds the address's sales tax (the sandbox page does it itself);
  // asked before the order is stored, so a Stripe that cannot be reached leaves nothing behind.
  const tax = await stripeCheckoutTax({ db, provider }).catch((error: unknown) => {
    options.logger.error({ err: error }, 'payment provider could not prepare the tax rates');
    throw new ProviderError('provider-unreachable', { message: PROVIDER_UNREACHABLE_MESSAGE, cause: error });
  });
  // The sandbox makes its session without a network call: order, lines, stock, code and session
  // are then one transaction (issue 31). Stripe's session is asked for after the order is stored.
  const localSession = provider.name === 'sandbox' && provider.openLocalSession ? provider.openLocalSession() : null;
  const order = await db
    .transaction((tx) =>
      storePendingOrder({
        tx,
        request,
        lines,
        email,
        pointsOwner: wantsPoints ? viewerEmail : null,
        viewerUserId: options.viewerUserId ?? null,
        provider: provider.name,
        redemptionRate: options.redemptionRate,
        localSession,
      }),
    )
    .catch(async (error: unknown) => {
      // A line the stock could not cover (the statement failed, nothing was stored): name it.
      throw isStockShortError(error) ? await stockShortfall(db, lines) : error;
    });
  if (localSession) {
    return {
      url: localSession.url,
      sessionId: localSession.id,
      orderId: order.id,
      orderNumber: order.orderNumber,
      price: order.price,
    };
  }

  const session = await openHostedSession({
    db,
    provider,
    logger: options.logger,
    session: {
      purpose: 'order',
      referenceId: order.id,
      reference: order.orderNumber,
      lines: lines.map((line) => ({
        name: line.name,
        description: `${line.color} / ${line.size}`,
        unitAmountCents: line.unitPriceCents,
        quantity: line.quantity,
      })),
      discountCents: order.price.discountCents + order.price.pointsDiscountCents,
      couponCode: order.price.couponCode,
      shippingCents: order.price.shippingCents,
      totalCents: order.price.totalCents,
      email,
      tax,
    },
  });
  return {
    url: session.url,
    sessionId: session.id,
    orderId: order.id,
    orderNumber: order.orderNumber,
    price: order.price,
  };
}
