/**
 * An order's totals as a person reads them: the cart's summary, the sandbox checkout page and
 * the admin's order details show the same rows from the same figures (the server's, or
 * priceOrder's preview): subtotal, the coupon's discount, the points taken off, shipping (Free
 * at $0), optionally the points the order earns, the sales tax where there is some (issue 25),
 * and the total (what is charged: SPEC §9's total plus the tax).
 */
import * as MESSAGES from '@domain/messages';
import { amountChargedCents, type OrderTotalsSummary } from '@domain/order-summary';
import { formatCents, formatCount } from '@domain/money';
import { cn } from '~/lib/utils';

function Row(props: { label: string; value: string; className?: string; testId?: string }) {
  return (
    <div className={cn('flex justify-between gap-4', props.className)}>
      <dt>{props.label}</dt>
      <dd className="tabular-nums" data-testid={props.testId}>
        {props.value}
      </dd>
    </div>
  );
}

export function TotalsList(props: {
  totals: OrderTotalsSummary;
  className?: string;
  /** The cart shows what the order will earn, above the total. */
  pointsToEarn?: number;
  /** Test ids by row (subtotal, discount, shipping, points, total), for the pages that have them. */
  testIds?: Partial<Record<'subtotal' | 'discount' | 'shipping' | 'points' | 'tax' | 'total', string>>;
  /** Under the total: the cart's "Taxes calculated at checkout" (issue 25). */
  note?: string;
}) {
  const { totals, testIds = {} } = props;
  return (
    <>
      <dl className={cn('text-sm', props.className ?? 'space-y-3')}>
        <Row label="Subtotal" value={formatCents(totals.subtotalCents)} testId={testIds.subtotal} />
        {totals.couponCode || totals.discountCents > 0 ? (
          <Row
            label={totals.couponCode ? `Discount (${totals.couponCode})` : 'Discount'}
            value={
              totals.discountCents === 0 && (totals.shippingDiscountCents ?? 0) > 0
                ? MESSAGES.freeShipping
                : `-${formatCents(totals.discountCents)}`
            }
            className="text-green-700"
            testId={testIds.discount}
          />
        ) : null}
        {totals.pointsDiscountCents > 0 ? (
          <Row
            label={`Points (${formatCount(totals.pointsRedeemed)})`}
            value={`-${formatCents(totals.pointsDiscountCents)}`}
            className="text-green-700"
          />
        ) : null}
        <Row
          label="Shipping"
          value={totals.shippingCents > 0 ? formatCents(totals.shippingCents) : 'Free'}
          testId={testIds.shipping}
        />
        {props.pointsToEarn !== undefined ? (
          <Row
            label="Points to earn"
            value={formatCount(props.pointsToEarn)}
            className="text-brand-700"
            testId={testIds.points}
          />
        ) : null}
        {totals.taxLabel && (totals.taxCents ?? 0) > 0 ? (
          <Row label={totals.taxLabel} value={formatCents(totals.taxCents!)} testId={testIds.tax} />
        ) : null}
        <Row
          label="Total"
          value={formatCents(amountChargedCents(totals))}
          className="border-t border-line pt-3 text-base font-semibold"
          testId={testIds.total}
        />
      </dl>
      {/* After the list, not in it: a <dl> holds only its terms and their values (axe). */}
      {props.note ? <p className="mt-2 text-xs text-muted">{props.note}</p> : null}
    </>
  );
}
