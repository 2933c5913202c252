/**
 * The e-mails of the order lifecycle (issue 11 item 4): shipped (with the tracking number and,
 * for a carrier we know, its tracking link), delivered, cancelled (with the refund, if any),
 * each with the order's lines and, in the HTML part, the shop's layout (issue 32 item 12).
 * Queued in the transaction that changes the status, one per order and status (dedupe key),
 * so a double click, a replay or a status set back and forth never mails the customer twice.
 * Each ends with where to follow the order up: /account for an address with an account, the
 * shop's contact email for a guest's (order-recipient.ts).
 */
import { asc, eq } from 'drizzle-orm';
import { formatCents, type Cents } from '../../domain/money';
import { trackingUrl } from '../../domain/order-lifecycle';
import { emailHasAccount } from '../customers/email-has-account';
import type { Executor } from '../db/client';
import { orderLines } from '../db/schema';
import type { MailMessage } from './create-mailer';
import { enqueueEmail } from './enqueue-email';
import { escapeHtml } from './escape-html';
import { mailDocument, mailLinesTable, mailParagraph, type MailLine } from './mail-layout';
import { followUpLines, sentenceHtml, sentenceText, type MailSentence, type OrderRecipient } from './order-recipient';

export type LifecycleEmailStatus = 'shipped' | 'delivered' | 'cancelled';

export function orderStatusEmailKey(orderId: string, status: LifecycleEmailStatus): string {
  return `order-status:${orderId}:${status}`;
}

interface OrderForEmail {
  id: string;
  orderNumber: string;
  email: string | null;
  shippingCarrier?: string | null;
  trackingNumber?: string | null;
}

/** What a status e-mail says, in order; the text and HTML parts only lay it out. */
interface StatusMail {
  subject: string;
  heading: string;
  /** Sentences under the order number (tracking, refund). */
  details: MailSentence[];
}

function statusMail(
  order: OrderForEmail,
  status: LifecycleEmailStatus,
  options: { refundedCents?: Cents },
): StatusMail {
  switch (status) {
    case 'shipped': {
      const link = trackingUrl(order.shippingCarrier, order.trackingNumber);
      const details: MailSentence[] = order.trackingNumber
        ? [
            [`Carrier: ${order.shippingCarrier ?? 'Other'}`],
            [`Tracking number: ${order.trackingNumber}`],
            ...(link ? [['Track your package: ', { href: link, label: order.trackingNumber }]] : []),
          ]
        : [['It is on its way to you.']];
      return { subject: `Your order has shipped: ${order.orderNumber}`, heading: 'Your order has shipped!', details };
    }
    case 'delivered':
      return {
        subject: `Your order has been delivered: ${order.orderNumber}`,
        heading: 'Your order has been delivered.',
        details: [['We hope you love it. Thank you for wearing your faith with us!']],
      };
    case 'cancelled': {
      const refunded = options.refundedCents ?? 0;
      const money =
        refunded > 0
          ? `Your payment of ${formatCents(refunded)} has been refunded to your card; it shows on your statement within a few business days.`
          : 'No payment was taken.';
      return {
        subject: `Your order has been cancelled: ${order.orderNumber}`,
        heading: 'Your order has been cancelled.',
        details: [[money]],
      };
    }
  }
}

/**
 * The e-mail of a status change: the text part, and the HTML part in the shop's layout with the
 * order's lines and their pictures (mail-layout.ts) and working links (tracking, account).
 */
export function orderStatusMessage(
  order: OrderForEmail & { email: string },
  status: LifecycleEmailStatus,
  options: OrderRecipient & { refundedCents?: Cents; lines?: readonly MailLine[] },
): MailMessage {
  const mail = statusMail(order, status, options);
  const followUp = followUpLines(order.orderNumber, options);
  const lines = options.lines ?? [];
  const text = [
    mail.heading,
    '',
    `Order number: ${order.orderNumber}`,
    ...mail.details.map(sentenceText),
    '',
    ...(lines.length > 0
      ? [...lines.map((line) => `- ${line.name} (${line.color}, ${line.size}) x ${line.quantity}`), '']
      : []),
    ...(followUp.length > 0 ? [...followUp.map(sentenceText), ''] : []),
    'Wear Your Faith',
  ].join('\n');
  const html = mailDocument({
    publicUrl: options.publicUrl,
    title: mail.subject,
    heading: mail.heading,
    content: [
      `<p style="margin:0 0 12px">Order number: <strong>${escapeHtml(order.orderNumber)}</strong></p>`,
      ...mail.details.map((sentence) => mailParagraph({ html: sentenceHtml(sentence) })),
      ...(lines.length > 0 ? [mailLinesTable(lines, options.publicUrl)] : []),
      ...followUp.map((sentence) => mailParagraph({ html: sentenceHtml(sentence) })),
    ],
  });
  return { to: order.email, subject: mail.subject, text, html };
}

/** Queues the e-mail of a status change, once per order and status; nothing without an e-mail. */
export async function queueOrderStatusEmail(options: {
  db: Executor;
  order: OrderForEmail;
  status: LifecycleEmailStatus;
  refundedCents?: Cents;
  publicUrl?: string;
}): Promise<boolean> {
  const { order } = options;
  if (!order.email) return false;
  const lines = await options.db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.position));
  const message = orderStatusMessage({ ...order, email: order.email }, options.status, {
    refundedCents: options.refundedCents,
    publicUrl: options.publicUrl,
    hasAccount: await emailHasAccount({ db: options.db, email: order.email }),
    lines,
  });
  const { queued } = await enqueueEmail({
    db: options.db,
    dedupeKey: orderStatusEmailKey(order.id, options.status),
    message,
  });
  return queued;
}
