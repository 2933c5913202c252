/**
 * The checkout's discount code (issue 26): its use is counted first, which locks the code's row
 * until the transaction that stores the pending order commits (find-discount.ts `takeUse`), and
 * then decided on the counts as they were; a refusal throws, and the rollback gives the use back.
 * The order's redemption row is stored with the order (`newRedemptionSql`, redemptions.ts). An unknown code answers SPEC §8's 'Invalid Coupon' text; a
 * known one that does not apply answers its reason (domain/discount.ts), as a 400 that
 * stores nothing.
 */
import * as CART_MESSAGES from '../../domain/cart-messages';
import type { DiscountTerms } from '../../domain/discount';
import type { PriceLine } from '../../domain/price-order';
import { AppError, badRequest } from '../app-error';
import type { Executor } from '../db/client';
import { decideDiscount, type DiscountShopper } from './check-discount';

export interface CheckoutDiscount {
  discountId: string;
  terms: DiscountTerms;
  emailKey: string | null;
}

export async function decideCheckoutDiscount(options: {
  tx: Executor;
  code: string;
  lines: readonly PriceLine[];
  shopper: DiscountShopper;
  now?: Date;
}): Promise<CheckoutDiscount> {
  const decision = await decideDiscount({
    db: options.tx,
    code: options.code,
    lines: options.lines,
    shopper: options.shopper,
    now: options.now,
    takeUse: true,
  });
  if (!decision.found) {
    throw badRequest(
      `${CART_MESSAGES.invalidCouponTitle}. ${CART_MESSAGES.invalidCouponDescription}`,
      'invalid-coupon',
    );
  }
  if (!decision.check.ok) {
    throw new AppError('coupon-refused', {
      message: decision.check.message,
      details: { couponCode: decision.row.code, reason: decision.check.reason },
    });
  }
  return { discountId: decision.row.id, terms: decision.check.terms, emailKey: decision.emailKey };
}
