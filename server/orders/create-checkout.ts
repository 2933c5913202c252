/**
 * Creates a pending order from a checkout request and a hosted payment session for it.
 * Every line is repriced from the database; coupon, points, shipping and totals come from
 * domain/totals. Points are checked against the balance under a per-e-mail advisory lock in
 * the transaction that stores the order, so two concurrent checkouts cannot spend them twice
 * (a pending order's points are held until it is paid or cancelled).
 */
import { eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { lookupCoupon } from '../../domain/coupon';
import { CheckoutRequestSchema, CHECKOUT_MAX_QUANTITY, type CheckoutRequest } from '../../domain/order';
import { computeTotals, type Totals } from '../../domain/totals';
import type { Database, Executor } from '../db/client';
import { checkoutSessions, customers, orderLines, orders } from '../db/schema';
import { getSpendablePoints } from '../loyalty/ledger';
import type { PaymentProvider } from '../payments/payment-provider';
import { CheckoutError } from './checkout-error';
import { priceCheckoutLines, type PricedLine } from './price-checkout-lines';

export interface CheckoutResult {
  url: string;
  sessionId: string;
  orderId: string;
  orderNumber: string;
  totals: Totals;
}

/** Turns a raw JSON body into a checkout request, or a 400 naming the first bad line. */
export function parseCheckoutRequest(body: unknown): CheckoutRequest {
  const parsed = CheckoutRequestSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const [first, index, field] = issue.path;
  if (first === 'items' && typeof index === 'number') {
    const label = `Line ${index + 1}`;
    if (field === 'quantity')
      throw new CheckoutError(400, `${label}: quantity must be a whole number from 1 to ${CHECKOUT_MAX_QUANTITY}`);
    if (field === 'productId') throw new CheckoutError(400, `${label}: this product is not available`);
    if (field === 'color') throw new CheckoutError(400, `${label}: choose a colour`);
    if (field === 'size') throw new CheckoutError(400, `${label}: choose a size`);
    throw new CheckoutError(400, `${label}: ${issue.message}`);
  }
  if (first === 'items') {
    const items = (body as { items?: unknown } | null)?.items;
    if (Array.isArray(items) && items.length === 0) throw new CheckoutError(400, 'Your cart is empty');
    throw new CheckoutError(400, Array.isArray(items) ? 'Too many lines in one order' : 'Your cart is empty');
  }
  if (first === 'email') throw new CheckoutError(400, 'Please enter a valid email address');
  if (first === 'couponCode') throw new CheckoutError(400, 'Invalid coupon code');
  if (first === 'pointsToRedeem') throw new CheckoutError(400, 'Points to redeem must be a whole number');
  throw new CheckoutError(400, 'Invalid checkout request');
}

async function customerIdFor(db: Executor, email: string | null): Promise<string | null> {
  if (!email) return null;
  const [row] = await db.select({ id: customers.id }).from(customers).where(eq(customers.email, email)).limit(1);
  return row?.id ?? null;
}

export async function createCheckout(options: {
  db: Database;
  provider: PaymentProvider;
  logger?: Logger;
  body: unknown;
  /** The signed-in shopper's e-mail, if any. */
  viewerEmail: string | null;
}): Promise<CheckoutResult> {
  const { db, provider } = options;
  const request = parseCheckoutRequest(options.body);
  const viewerEmail = options.viewerEmail?.trim().toLowerCase() || null;
  const wantsPoints = (request.pointsToRedeem ?? 0) > 0;
  if (wantsPoints && !viewerEmail) throw new CheckoutError(401, 'Sign in to redeem your points');
  // Redeemed points belong to the signed-in account, so its e-mail is the order's.
  const email = wantsPoints ? viewerEmail : (request.email ?? viewerEmail);
  // Unknown codes give no discount (the browser already said 'Invalid Coupon').
  const coupon = request.couponCode ? lookupCoupon(request.couponCode) : null;

  const priced = await priceCheckoutLines({ db, lines: request.items });
  const lines = priced.map((line) => ({ unitPriceCents: line.unitPriceCents, quantity: line.quantity }));

  const order = await db.transaction(async (tx) => {
    let totals = computeTotals({ lines, couponFraction: coupon?.fraction ?? 0 });
    if (wantsPoints && viewerEmail) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'points:' + viewerEmail}))`);
      const spendable = await getSpendablePoints({ db: tx, email: viewerEmail });
      const requested = request.pointsToRedeem ?? 0;
      if (requested > spendable) {
        throw new CheckoutError(
          400,
          `You have ${spendable.toLocaleString('en-US')} points available; ${requested.toLocaleString('en-US')} cannot be redeemed`,
        );
      }
      totals = computeTotals({
        lines,
        couponFraction: coupon?.fraction ?? 0,
        pointsToRedeem: requested,
        pointsBalance: spendable,
      });
    }
    const customerId = await customerIdFor(tx, email);
    const [created] = await tx
      .insert(orders)
      .values({
        status: 'pending',
        customerId,
        email,
        subtotalCents: totals.subtotalCents,
        discountCents: totals.discountCents,
        couponCode: totals.discountCents > 0 ? (coupon?.code ?? null) : null,
        pointsRedeemed: totals.pointsRedeemed,
        pointsDiscountCents: totals.pointsDiscountCents,
        shippingCents: totals.shippingCents,
        totalCents: totals.totalCents,
        pointsEarned: totals.pointsEarned,
        paymentProvider: provider.name,
      })
      .returning({ id: orders.id, orderNumber: orders.orderNumber });
    await tx.insert(orderLines).values(
      priced.map((line: PricedLine, position) => ({
        orderId: created!.id,
        productId: line.productId,
        name: line.name,
        unitPriceCents: line.unitPriceCents,
        color: line.color,
        size: line.size,
        quantity: line.quantity,
        lineTotalCents: line.unitPriceCents * line.quantity,
        imageUrl: line.imageUrl,
        position,
      })),
    );
    return { id: created!.id, orderNumber: created!.orderNumber, totals };
  });

  let session;
  try {
    session = await provider.createSession({
      purpose: 'order',
      referenceId: order.id,
      reference: order.orderNumber,
      lines: priced.map((line) => ({
        name: line.name,
        description: `${line.color} / ${line.size}`,
        unitAmountCents: line.unitPriceCents,
        quantity: line.quantity,
      })),
      discountCents: order.totals.discountCents + order.totals.pointsDiscountCents,
      shippingCents: order.totals.shippingCents,
      totalCents: order.totals.totalCents,
      email,
    });
  } catch (error) {
    // The order can never be paid: cancel it so its points hold disappears.
    await db.update(orders).set({ status: 'cancelled', cancelledAt: new Date() }).where(eq(orders.id, order.id));
    options.logger?.error({ err: error, orderId: order.id }, 'payment provider could not create a session');
    throw new CheckoutError(502, 'The payment provider is not reachable. Please try again.');
  }

  await db.transaction(async (tx) => {
    await tx.insert(checkoutSessions).values({
      id: session.id,
      provider: provider.name,
      purpose: 'order',
      orderId: order.id,
      url: session.url,
      status: 'open',
      amountTotalCents: order.totals.totalCents,
      expiresAt: session.expiresAt,
    });
    await tx.update(orders).set({ paymentSessionId: session.id }).where(eq(orders.id, order.id));
  });

  return {
    url: session.url,
    sessionId: session.id,
    orderId: order.id,
    orderNumber: order.orderNumber,
    totals: order.totals,
  };
}
