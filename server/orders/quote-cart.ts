/**
 * The cart's quote (POST /api/cart/quote): today's prices of the lines a shopper chose, by the
 * checkout's own line resolution (`resolveCheckoutLines`) and pricing (`priceOrder`), so /cart
 * shows what checkout will charge. Lines the checkout would refuse (unknown or inactive
 * products, colours or sizes it does not have, malformed lines) are flagged, the rest priced.
 * A body that is not a list of lines is a 400. Read-only. A coupon code sent with the lines is
 * checked as the checkout will check it (server/discounts, issue 26) and answered as `coupon`:
 * applied with its terms, refused with its reason, or unknown.
 */
import { z } from 'zod';
import { couponVerdict, type CouponVerdict } from '../../domain/discount';
import { quoteResolvedLines, type CartQuote, type ResolvedLine } from '../../domain/cart-quote';
import type { RedemptionRate } from '../../domain/loyalty';
import { CHECKOUT_MAX_LINES, checkoutLineProblem, CheckoutLineSchema, CheckoutRequestSchema, type CheckoutLine } from '../../domain/order';
import { badRequest } from '../app-error';
import type { Executor } from '../db/client';
import { resolveCheckoutLines } from './price-checkout-lines';
import { decideDiscount, type DiscountShopper } from '../discounts/check-discount';

const QuoteRequestSchema = z.object({
  items: z.array(z.unknown()).max(CHECKOUT_MAX_LINES),
  couponCode: CheckoutRequestSchema.shape.couponCode,
  email: z.unknown().optional(),
});

/** The request's lines and coupon; a 400 for a body that is not `{ items: [...] }`. */
export function parseQuoteRequest(body: unknown): {
  items: Array<{ ok: true; line: CheckoutLine } | { ok: false; message: string }>;
  couponCode: string | undefined;
  /** The e-mail typed in the cart, when it is one (a per-customer limit counts it). */
  email: string | undefined;
} {
  const parsed = QuoteRequestSchema.safeParse(body);
  if (!parsed.success) {
    const first = parsed.error.issues[0]?.path[0];
    if (first === 'couponCode') throw badRequest('Invalid coupon code', 'invalid-coupon');
    const items = (body as { items?: unknown } | null)?.items;
    if (Array.isArray(items)) throw badRequest('Too many lines in one order', 'too-many-lines');
    throw badRequest('A quote needs the cart lines: { items: [{ productId, color, size, quantity }] }');
  }
  const email = CheckoutRequestSchema.shape.email.safeParse(parsed.data.email);
  return {
    couponCode: parsed.data.couponCode,
    email: email.success ? email.data : undefined,
    items: parsed.data.items.map((item, index) => {
      const line = CheckoutLineSchema.safeParse(item);
      return line.success
        ? { ok: true as const, line: line.data }
        : { ok: false as const, message: checkoutLineProblem(index, line.error.issues[0]?.path[0]) };
    }),
  };
}

export async function quoteCart(options: {
  db: Executor;
  body: unknown;
  redemptionRate?: RedemptionRate;
  /** The signed-in shopper, if any (their e-mail when the cart gave none, and their account). */
  viewer?: { email: string; userId: string } | null;
}): Promise<CartQuote> {
  const request = parseQuoteRequest(options.body);
  const wellFormed = request.items.flatMap((item) => (item.ok ? [item.line] : []));
  const resolvedWellFormed = await resolveCheckoutLines({ db: options.db, lines: wellFormed });
  let next = 0;
  const resolved: ResolvedLine[] = request.items.map((item, index) => {
    if (!item.ok) return { ok: false, code: 'invalid-line', message: item.message };
    const entry = resolvedWellFormed[next++]!;
    // Name the line by its place in the cart, not among the well-formed ones.
    return entry.ok ? entry : { ...entry, message: entry.message.replace(/^Line \d+:/, `Line ${index + 1}:`) };
  });
  let coupon: CouponVerdict | undefined;
  if (request.couponCode) {
    const shopper: DiscountShopper = {
      email: request.email ?? options.viewer?.email ?? null,
      userId: options.viewer?.userId ?? null,
    };
    const lines = resolved.flatMap((entry) => (entry.ok ? [entry.line] : []));
    const decision = await decideDiscount({ db: options.db, code: request.couponCode, lines, shopper });
    coupon = decision.found ? couponVerdict(decision.row.code, decision.check) : { status: 'unknown', code: request.couponCode };
  }
  return quoteResolvedLines(resolved, { coupon, redemptionRate: options.redemptionRate });
}
