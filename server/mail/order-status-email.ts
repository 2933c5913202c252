/**
 * The e-mails of the order lifecycle (issue 11 item 4): shipped (with the tracking number and,
 * for a carrier we know, its tracking link), delivered, cancelled (with the refund, if any).
 * Queued in the transaction that changes the status, one per order and status (dedupe key),
 * so a double click, a replay or a status set back and forth never mails the customer twice.
 * Each ends with where to follow the order up: /account for an address with an account, the
 * shop's contact e-mail for a guest's (order-recipient.ts).
 */
import { formatCents, type Cents } from '../../domain/money';
import { trackingUrl } from '../../domain/order-lifecycle';
import { emailHasAccount } from '../customers/email-has-account';
import type { Executor } from '../db/client';
import { enqueueEmail } from './enqueue-email';
import type { MailMessage } from './create-mailer';
import { followUpLines, type OrderRecipient } from './order-recipient';

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

export function orderStatusMessage(
  order: OrderForEmail & { email: string },
  status: LifecycleEmailStatus,
  options: OrderRecipient & { refundedCents?: Cents },
): MailMessage {
  const followUp = followUpLines(order.orderNumber, options);
  const account = followUp.length > 0 ? [...followUp, ''] : [];
  const sign = ['Wear Your Faith'];
  switch (status) {
    case 'shipped': {
      const link = trackingUrl(order.shippingCarrier, order.trackingNumber);
      const tracking = order.trackingNumber
        ? [
            `Carrier: ${order.shippingCarrier ?? 'Other'}`,
            `Tracking number: ${order.trackingNumber}`,
            ...(link ? [`Track your parcel: ${link}`] : []),
          ]
        : ['It is on its way to you.'];
      return {
        to: order.email,
        subject: `Your order has shipped: ${order.orderNumber}`,
        text: ['Your order has shipped!', '', `Order number: ${order.orderNumber}`, ...tracking, '', ...account, ...sign].join('\n'),
      };
    }
    case 'delivered':
      return {
        to: order.email,
        subject: `Your order has been delivered: ${order.orderNumber}`,
        text: [
          'Your order has been delivered.',
          '',
          `Order number: ${order.orderNumber}`,
          'We hope you love it. Thank you for wearing your faith with us!',
          '',
          ...account,
          ...sign,
        ].join('\n'),
      };
    case 'cancelled': {
      const refunded = options.refundedCents ?? 0;
      const money =
        refunded > 0
          ? `Your payment of ${formatCents(refunded)} has been refunded to your card; it shows on your statement within a few business days.`
          : 'No payment was taken.';
      return {
        to: order.email,
        subject: `Your order has been cancelled: ${order.orderNumber}`,
        text: ['Your order has been cancelled.', '', `Order number: ${order.orderNumber}`, money, '', ...account, ...sign].join(
          '\n',
        ),
      };
    }
  }
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
  const message = orderStatusMessage({ ...order, email: order.email }, options.status, {
    refundedCents: options.refundedCents,
    publicUrl: options.publicUrl,
    hasAccount: await emailHasAccount({ db: options.db, email: order.email }),
  });
  const { queued } = await enqueueEmail({
    db: options.db,
    dedupeKey: orderStatusEmailKey(order.id, options.status),
    message,
  });
  return queued;
}
