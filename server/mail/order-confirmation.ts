/**
 * The order confirmation e-mail (plain text and HTML): number, lines, totals, where the
 * parcel goes, points and the delivery time, and where to follow the order up (the account,
 * or for a guest the shop's contact e-mail: order-recipient.ts). Queued by the payment completion in the
 * transaction that marks the order paid (dedupe key per order), delivered by the mail loop.
 */
import { formatCents, formatCount } from '../../domain/money';
import * as MESSAGES from '../../domain/messages';
import { formatAddressLines } from '../../domain/shipping-address';
import { orderShippingAddress } from '../customers/get-last-shipping-address';
import type { orderLines, orders } from '../db/schema';
import type { MailMessage } from './create-mailer';
import { escapeHtml } from './escape-html';
import { earnedPointsLines, followUpLines, type OrderRecipient } from './order-recipient';

type OrderRow = typeof orders.$inferSelect;
type OrderLineRow = typeof orderLines.$inferSelect;

/** One confirmation per order, however often a payment is reported. */
export function orderConfirmationKey(orderId: string): string {
  return `order-confirmation:${orderId}`;
}

/** What both parts say, in order; each part only lays it out. */
interface Confirmation {
  orderNumber: string;
  lines: { label: string; text: string; total: string }[];
  totals: { label: string; value: string }[];
  /** Name, street, city line, country, then the phone if given; null when no address was collected. */
  shipTo: string[] | null;
  points: string[];
  shippingTime: string;
  followUp: string[];
}

const SHIP_TO_HEADING = 'Shipping to:';

function confirmation(order: OrderRow, lines: OrderLineRow[], recipient: OrderRecipient): Confirmation {
  const totals = [{ label: 'Subtotal', value: formatCents(order.subtotalCents) }];
  if (order.discountCents > 0)
    totals.push({ label: `Discount (${order.couponCode ?? 'coupon'})`, value: `-${formatCents(order.discountCents)}` });
  if (order.pointsDiscountCents > 0) {
    totals.push({
      label: `Points redeemed (${formatCount(order.pointsRedeemed)})`,
      value: `-${formatCents(order.pointsDiscountCents)}`,
    });
  }
  totals.push({ label: 'Shipping', value: order.shippingCents > 0 ? formatCents(order.shippingCents) : 'Free' });
  totals.push({ label: 'Total', value: formatCents(order.totalCents) });
  const address = orderShippingAddress(order);
  return {
    orderNumber: order.orderNumber,
    lines: lines.map((line) => {
      const label = `${line.name} (${line.color}, ${line.size}) x ${line.quantity}`;
      return {
        label,
        text: `${label} @ ${formatCents(line.unitPriceCents)} = ${formatCents(line.lineTotalCents)}`,
        total: formatCents(line.lineTotalCents),
      };
    }),
    totals,
    shipTo: address ? [...formatAddressLines(address), ...(address.phone ? [`Phone: ${address.phone}`] : [])] : null,
    points: earnedPointsLines(order.pointsEarned, recipient),
    shippingTime: `${MESSAGES.shippingTime}.`,
    followUp: followUpLines(order.orderNumber, recipient),
  };
}

/** Plain-text order confirmation: number, lines, totals, address, points, delivery time. */
export function confirmationText(order: OrderRow, lines: OrderLineRow[], recipient: OrderRecipient): string {
  const mail = confirmation(order, lines, recipient);
  return [
    'Thank you for your order!',
    '',
    `Order number: ${mail.orderNumber}`,
    '',
    ...mail.lines.map((line) => `- ${line.text}`),
    '',
    ...mail.totals.map((total) => `${total.label}: ${total.value}`),
    '',
    ...(mail.shipTo ? [SHIP_TO_HEADING, ...mail.shipTo, ''] : []),
    ...mail.points,
    mail.shippingTime,
    '',
    ...(mail.followUp.length > 0 ? [...mail.followUp, ''] : []),
    'Wear Your Faith',
  ].join('\n');
}

const CELL = 'padding:6px 0;border-bottom:1px solid #eee3d9';

/** The same confirmation as HTML; every value from the order (names, address, codes) is escaped. */
export function confirmationHtml(order: OrderRow, lines: OrderLineRow[], recipient: OrderRecipient): string {
  const mail = confirmation(order, lines, recipient);
  const row = (label: string, value: string, style = CELL) =>
    `<tr><td style="${style}">${escapeHtml(label)}</td><td style="${style};text-align:right">${escapeHtml(value)}</td></tr>`;
  const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;
  return [
    '<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f1a17;max-width:560px;margin:0 auto;padding:24px">',
    '<h1 style="font-size:22px">Thank you for your order!</h1>',
    `<p>Order number: <strong>${escapeHtml(mail.orderNumber)}</strong></p>`,
    '<table role="presentation" style="width:100%;border-collapse:collapse">',
    ...mail.lines.map((line) => row(line.label, line.total)),
    ...mail.totals.map((total) =>
      total.label === 'Total' ? row(total.label, total.value, 'padding:6px 0;font-weight:bold') : row(total.label, total.value),
    ),
    '</table>',
    ...(mail.shipTo
      ? [
          `<h2 style="font-size:16px;margin-top:24px">${escapeHtml(SHIP_TO_HEADING.replace(/:$/, ''))}</h2>`,
          `<p>${mail.shipTo.map(escapeHtml).join('<br>')}</p>`,
        ]
      : []),
    ...mail.points.map(paragraph),
    paragraph(mail.shippingTime),
    ...mail.followUp.map(paragraph),
    '<p style="color:#6b625c;font-size:13px">Wear Your Faith</p>',
    '</body></html>',
  ].join('\n');
}

/** The whole message for an order with an e-mail address. */
export function orderConfirmationMessage(
  order: OrderRow & { email: string },
  lines: OrderLineRow[],
  recipient: OrderRecipient,
): MailMessage {
  return {
    to: order.email,
    subject: `Your Wear Your Faith order ${order.orderNumber}`,
    text: confirmationText(order, lines, recipient),
    html: confirmationHtml(order, lines, recipient),
  };
}
