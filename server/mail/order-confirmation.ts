/**
 * The order confirmation e-mail (plain text and HTML): number, lines, totals, where the
 * package goes, points and the delivery time, and where to follow the order up (the account,
 * or for a guest the shop's contact email: order-recipient.ts). The HTML part has the shop's
 * look (mail-layout.ts): its name as the header, each line with its picture, working links.
 * Queued by the payment completion in the transaction that marks the order paid (dedupe key per
 * order), delivered by the mail loop.
 */
import { formatCents, formatCount } from '../../domain/money';
import * as MESSAGES from '../../domain/messages';
import { formatAddressLines } from '../../domain/shipping-address';
import { storedTaxLabel } from '../../domain/tax';
import { orderShippingAddress } from '../customers/get-last-shipping-address';
import type { orderLines, orders } from '../db/schema';
import type { MailMessage } from './create-mailer';
import { escapeHtml } from './escape-html';
import { mailDocument, mailLinesTable, mailParagraph } from './mail-layout';
import {
  earnedPointsLines,
  followUpLines,
  sentenceHtml,
  sentenceText,
  type MailSentence,
  type OrderRecipient,
} from './order-recipient';

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
  points: MailSentence[];
  shippingTime: string;
  followUp: MailSentence[];
}

const HEADING = 'Thank you for your order!';

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
  // Issue 25: the sales tax charged, and a total that is what was charged.
  if (order.taxCents > 0) totals.push({ label: storedTaxLabel(order), value: formatCents(order.taxCents) });
  totals.push({ label: 'Total', value: formatCents(order.totalCents + order.taxCents) });
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
    HEADING,
    '',
    `Order number: ${mail.orderNumber}`,
    '',
    ...mail.lines.map((line) => `- ${line.text}`),
    '',
    ...mail.totals.map((total) => `${total.label}: ${total.value}`),
    '',
    ...(mail.shipTo ? [SHIP_TO_HEADING, ...mail.shipTo, ''] : []),
    ...mail.points.map(sentenceText),
    mail.shippingTime,
    '',
    ...(mail.followUp.length > 0 ? [...mail.followUp.map(sentenceText), ''] : []),
    'Wear Your Faith',
  ].join('\n');
}

const CELL = 'padding:6px 0';

/**
 * The same confirmation as HTML in the shop's layout: the lines with their pictures, totals,
 * address, points and links. Every value from the order (names, address, codes) is escaped.
 */
export function confirmationHtml(order: OrderRow, lines: OrderLineRow[], recipient: OrderRecipient): string {
  const mail = confirmation(order, lines, recipient);
  const row = (label: string, value: string, style = CELL) =>
    `<tr><td style="${style}">${escapeHtml(label)}</td><td style="${style};text-align:right">${escapeHtml(value)}</td></tr>`;
  return mailDocument({
    publicUrl: recipient.publicUrl,
    title: orderConfirmationSubject(order.orderNumber),
    heading: HEADING,
    content: [
      `<p style="margin:0 0 12px">Order number: <strong>${escapeHtml(mail.orderNumber)}</strong></p>`,
      mailLinesTable(lines, recipient.publicUrl),
      '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin-bottom:16px">',
      ...mail.totals.map((total) =>
        total.label === 'Total'
          ? row(total.label, total.value, 'padding:8px 0;font-weight:bold;border-top:1px solid #ece4dc')
          : row(total.label, total.value),
      ),
      '</table>',
      ...(mail.shipTo
        ? [
            `<h2 style="font-size:16px;margin:24px 0 8px">${escapeHtml(SHIP_TO_HEADING.replace(/:$/, ''))}</h2>`,
            `<p>${mail.shipTo.map(escapeHtml).join('<br>')}</p>`,
          ]
        : []),
      ...mail.points.map((sentence) => mailParagraph({ html: sentenceHtml(sentence) })),
      mailParagraph({ text: mail.shippingTime }),
      ...mail.followUp.map((sentence) => mailParagraph({ html: sentenceHtml(sentence) })),
    ],
  });
}

/** The confirmation's subject line. */
function orderConfirmationSubject(orderNumber: string): string {
  return `Your Wear Your Faith order ${orderNumber}`;
}

/** The whole message for an order with an email address. */
export function orderConfirmationMessage(
  order: OrderRow & { email: string },
  lines: OrderLineRow[],
  recipient: OrderRecipient,
): MailMessage {
  return {
    to: order.email,
    subject: orderConfirmationSubject(order.orderNumber),
    text: confirmationText(order, lines, recipient),
    html: confirmationHtml(order, lines, recipient),
  };
}
