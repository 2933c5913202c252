import { Loader2, Tag, X } from '~/components/ui/icons';
import { useId, useState } from 'react';
import { isBlankCoupon } from '@domain/coupon';
import { pointsToCents, redemptionSteps, type RedemptionRate } from '@domain/loyalty';
import * as CART_MESSAGES from '@domain/cart-messages';
import * as MESSAGES from '@domain/messages';
import { formatCents, formatCount } from '@domain/money';
import { TotalsList } from '~/components/shop/totals-list';
import { TAX_MESSAGES } from '@domain/tax';
import { qualifiesForFreeShipping } from '@domain/shipping';
import type { OrderPrice } from '@domain/price-order';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { TermsNote } from '~/components/shop/terms-note';

/**
 * The order summary of /cart (SPEC §2 Cart): subtotal, discount with the code, points,
 * shipping, points to earn, total, coupon field, optional e-mail and the checkout button.
 */
export function OrderSummary(props: {
  /** The cart's price preview with the chosen points (priceOrder). */
  price: OrderPrice;
  couponCode: string | null;
  /** Asks the server about the code; resolves true when it was applied. */
  onApplyCoupon: (code: string) => Promise<boolean>;
  onRemoveCoupon: () => void;
  email: string;
  onEmailChange: (email: string) => void;
  isProcessing: boolean;
  onCheckout: () => void;
  /** Spendable points of the signed-in shopper; null hides the redemption control. */
  pointsBalance: number | null;
  onPointsChange: (points: number) => void;
  /** True when no line can be bought (all no longer available). */
  nothingToCheckout?: boolean;
  /** The shop's configured redemption rate (POINTS_PER_DOLLAR_OFF). */
  redemptionRate: RedemptionRate;
}) {
  const { price: totals } = props;
  const [couponInput, setCouponInput] = useState('');
  const [isApplying, setIsApplying] = useState(false);
  const couponId = useId();
  const emailId = useId();
  const pointsId = useId();

  async function applyCoupon(event: React.FormEvent) {
    event.preventDefault();
    if (isBlankCoupon(couponInput) || isApplying) return;
    setIsApplying(true);
    try {
      if (await props.onApplyCoupon(couponInput)) setCouponInput('');
    } finally {
      setIsApplying(false);
    }
  }

  const steps = redemptionSteps(totals.redeemablePoints, props.redemptionRate);

  return (
    <section aria-labelledby="summary-heading" className="rounded-2xl bg-surface p-6 lg:sticky lg:top-24">
      <h2 id="summary-heading" className="text-lg font-semibold">
        Order Summary
      </h2>
      <TotalsList
        className="mt-6 space-y-3"
        totals={{ ...totals, couponCode: props.couponCode || null }}
        pointsToEarn={totals.pointsEarned}
        testIds={{
          subtotal: 'summary-subtotal',
          discount: 'summary-discount',
          shipping: 'summary-shipping',
          points: 'summary-points',
          total: 'summary-total',
        }}
        note={TAX_MESSAGES.cartNote}
      />
      <p
        className={
          qualifiesForFreeShipping(totals.subtotalCents)
            ? 'mt-4 rounded-lg bg-green-50 px-3 py-2 text-sm text-green-800'
            : 'mt-4 rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-900'
        }
      >
        {CART_MESSAGES.freeShippingNote(totals.subtotalCents)}
      </p>

      <div className="mt-6 space-y-2">
        {props.couponCode ? (
          <div className="flex items-center justify-between rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm">
            <span className="inline-flex items-center gap-2 font-medium text-green-800">
              <Tag aria-hidden="true" className="size-4" /> {props.couponCode}
            </span>
            <Button type="button" variant="ghost" size="sm" onClick={props.onRemoveCoupon}>
              <X aria-hidden="true" /> {CART_MESSAGES.removeCoupon}
            </Button>
          </div>
        ) : (
          <form onSubmit={(event) => void applyCoupon(event)} className="space-y-2">
            <Label htmlFor={couponId}>Coupon code</Label>
            <div className="flex gap-2">
              <Input
                id={couponId}
                value={couponInput}
                onChange={(event) => setCouponInput(event.target.value)}
                placeholder={CART_MESSAGES.couponPlaceholder}
                autoComplete="off"
                className="uppercase placeholder:normal-case"
              />
              <Button type="submit" variant="outline" disabled={isBlankCoupon(couponInput) || isApplying}>
                {isApplying ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
                {CART_MESSAGES.applyCoupon}
              </Button>
            </div>
          </form>
        )}
      </div>

      {props.pointsBalance !== null && props.pointsBalance > 0 ? (
        <div className="mt-6 space-y-2">
          <Label htmlFor={pointsId}>Redeem points</Label>
          <p className="text-xs text-muted">
            {CART_MESSAGES.pointsBalanceNote(props.pointsBalance, props.redemptionRate)}
          </p>
          <select
            id={pointsId}
            value={totals.pointsRedeemed}
            onChange={(event) => props.onPointsChange(Number(event.target.value))}
            className="h-11 w-full rounded-lg border border-line bg-white px-3 text-sm focus-visible:outline-2 focus-visible:outline-brand-500/40"
          >
            {steps.map((points) => (
              <option key={points} value={points}>
                {points === 0
                  ? "Don't use points"
                  : `${formatCount(points)} points (-${formatCents(pointsToCents(points, props.redemptionRate))})`}
              </option>
            ))}
          </select>
        </div>
      ) : null}

      <div className="mt-6 space-y-2">
        <Label htmlFor={emailId}>{CART_MESSAGES.emailOptionalLabel}</Label>
        <Input
          id={emailId}
          type="email"
          autoComplete="email"
          value={props.email}
          onChange={(event) => props.onEmailChange(event.target.value)}
          placeholder="you@example.com"
        />
      </div>

      <Button
        type="button"
        size="lg"
        className="mt-6 w-full"
        disabled={props.isProcessing || props.nothingToCheckout}
        onClick={props.onCheckout}
      >
        {props.isProcessing ? (
          <>
            <Loader2 aria-hidden="true" className="animate-spin" /> {MESSAGES.processing}
          </>
        ) : (
          CART_MESSAGES.proceedToCheckout
        )}
      </Button>
      <TermsNote action="checking out" className="mt-3" />
    </section>
  );
}
