/**
 * The order confirmation e-mail (plain text): number, lines, totals, points and the
 * delivery time. Queued by the payment completion in the transaction that marks the
 * order paid (dedupe key per order), delivered by the mail loop.
 */
import { formatCents, formatCount } from '../../domain/money';
import * as MESSAGES from '../../domain/messages';
import type { orderLines, orders } from '../db/schema';
import type { MailMessage } from './create-mailer';

type OrderRow = typeof orders.$inferSelect;
type OrderLineRow = typeof orderLines.$inferSelect;

/** One confirmation per order, however often a payment is reported. */
export function orderConfirmationKey(orderId: string): string {
  return `order-confirmation:${orderId}`;
}

/** Plain-text order confirmation: number, lines, totals. */
export function confirmationText(order: OrderRow, lines: OrderLineRow[]): string {
  const rows = lines.map(
    (line) =>
      `- ${line.name} (${line.color}, ${line.size}) x ${line.quantity} @ ${formatCents(line.unitPriceCents)} = ${formatCents(line.lineTotalCents)}`,
  );
  const totals = [`Subtotal: ${formatCents(order.subtotalCents)}`];
  if (order.discountCents > 0)
    totals.push(`Discount (${order.couponCode ?? 'coupon'}): -${formatCents(order.discountCents)}`);
  if (order.pointsDiscountCents > 0) {
    totals.push(`Points redeemed (${formatCount(order.pointsRedeemed)}): -${formatCents(order.pointsDiscountCents)}`);
  }
  totals.push(`Shipping: ${order.shippingCents > 0 ? formatCents(order.shippingCents) : 'Free'}`);
  totals.push(`Total: ${formatCents(order.totalCents)}`);
  return [
    'Thank you for your order!',
    '',
    `Order number: ${order.orderNumber}`,
    '',
    ...rows,
    '',
    ...totals,
    '',
    `Points earned: ${formatCount(order.pointsEarned)}`,
    `${MESSAGES.shippingTime}.`,
    '',
    'Wear Your Faith',
  ].join('\n');
}

/** The whole message for an order with an e-mail address. */
export function orderConfirmationMessage(order: OrderRow & { email: string }, lines: OrderLineRow[]): MailMessage {
  return {
    to: order.email,
    subject: `Your Wear Your Faith order ${order.orderNumber}`,
    text: confirmationText(order, lines),
  };
}
