/**
 * The order lifecycle after payment (issue 11 items 4-6): carriers and their tracking links,
 * what a shipment may say (carrier, tracking number), how a cancelled order's points are put
 * back without ever making a balance negative, and every text the admin and the customer read
 * about it. The single source: the admin dialog previews with it, the server decides with it,
 * the e-mails are written from it.
 */
import { formatCents, formatCount, type Cents } from './money';

/** Carriers we can link to; the tracking URL templates live here and nowhere else. */
export const CARRIERS = {
  USPS: 'https://tools.usps.com/go/TrackConfirmAction?tLabels={tracking}',
  UPS: 'https://www.ups.com/track?tracknum={tracking}',
  FedEx: 'https://www.fedex.com/fedextrack/?trknbr={tracking}',
  DHL: 'https://www.dhl.com/us-en/home/tracking/tracking-express.html?submit=1&tracking-id={tracking}',
} as const;
export type KnownCarrier = keyof typeof CARRIERS;
export const KNOWN_CARRIERS = Object.keys(CARRIERS) as KnownCarrier[];
/** 'Other': a carrier we cannot link to (the number is still shown). */
export const CARRIER_OPTIONS = [...KNOWN_CARRIERS, 'Other'] as const;
export type Carrier = (typeof CARRIER_OPTIONS)[number];

/**
 * Whether cancelling an order in this status puts its units back into stock: not once it has
 * shipped (the parcel is with the carrier or the customer; a return is counted back by hand
 * in the stock grid when it arrives).
 */
export function cancelRestocks(status: string): boolean {
  return status !== 'shipped' && status !== 'delivered';
}

/** Longest tracking number kept (UPS 18, FedEx up to 34 with a prefix, USPS 22-35). */
export const TRACKING_NUMBER_MAX_LENGTH = 40;
/** Letters, digits, and single spaces or dashes between them. */
export const TRACKING_NUMBER_PATTERN = /^[A-Za-z0-9]+(?:[ -][A-Za-z0-9]+)*$/;

export function isKnownCarrier(value: unknown): value is KnownCarrier {
  return typeof value === 'string' && Object.hasOwn(CARRIERS, value);
}

/** The carrier's tracking page for a number, or null for 'Other' or no number. */
export function trackingUrl(
  carrier: string | null | undefined,
  trackingNumber: string | null | undefined,
): string | null {
  if (!carrier || !trackingNumber || !isKnownCarrier(carrier)) return null;
  return CARRIERS[carrier].replace('{tracking}', encodeURIComponent(trackingNumber.replace(/[\s-]/g, '')));
}

export const LIFECYCLE_MESSAGES = {
  trackingTooLong: `Tracking numbers are at most ${TRACKING_NUMBER_MAX_LENGTH} characters.`,
  trackingMalformed: 'Tracking numbers may contain only letters, digits, spaces and dashes.',
  carrierUnknown: `Carrier must be one of ${CARRIER_OPTIONS.join(', ')}.`,
  trackingNeedsCarrier: 'Choose the carrier for this tracking number.',
  shipDialogTitle: (orderNumber: string) => `Ship order ${orderNumber}`,
  shipDialogDescription: 'The customer gets a "Your order has shipped" email with the tracking number, if you add one.',
  cancelDialogTitle: (orderNumber: string) => `Cancel order ${orderNumber}?`,
  cancelPaidDescription: (total: Cents, status = 'processing') =>
    `The payment of ${formatCents(total)} is refunded, ${
      cancelRestocks(status)
        ? 'the items go back into stock'
        : 'the items stay out of stock (they have shipped: count a return back in the stock grid when it arrives)'
    }, the points the order earned are taken back and the points it used are returned. The customer is told by email. This cannot be undone.`,
  reopenShortOfStock: (orderNumber: string, shortage: string) =>
    `Order ${orderNumber} gave its items back to stock when it was cancelled, and they cannot all be taken again: ${shortage}`,
  cancelUnpaidDescription: (status = 'pending') =>
    `The order has not been paid: no money moves. ${
      cancelRestocks(status) ? 'Its items go back into stock' : 'Its items stay out of stock (they have shipped)'
    } and the points it holds are released.`,
  alreadyCancelled: (orderNumber: string) => `Order ${orderNumber} is already cancelled.`,
  refundInProgress: (orderNumber: string) =>
    `A refund for order ${orderNumber} is already in progress. Wait a moment and reload.`,
  refundRejected: (orderNumber: string, reason: string) =>
    `The payment provider refused the refund for order ${orderNumber}: ${reason} The order was not changed.`,
  refundUnavailable: (orderNumber: string) =>
    `The payment provider could not be reached to refund order ${orderNumber}. The order was not changed; try again.`,
  refundedOrderIsFinal: (orderNumber: string) => `Order ${orderNumber} was refunded and cannot be reopened.`,
  orderCancelled: (orderNumber: string) => `Order ${orderNumber} cancelled`,
  orderRefunded: (orderNumber: string, amount: Cents) =>
    `Order ${orderNumber} cancelled and ${formatCents(amount)} refunded`,
  sandboxOrderNotPending: 'This order was cancelled and can no longer be paid. No payment was taken.',
  paymentForCancelledOrderTitle: 'Order Cancelled',
  paymentForCancelledOrderDescription:
    'This order was cancelled, so it will not be shipped. Any payment taken for it is refunded to your card.',
  noteLatePaymentRefunded: (amount: Cents) =>
    `A payment of ${formatCents(amount)} arrived after the order was cancelled; it was refunded automatically.`,
  noteLatePaymentRefundFailed: (amount: Cents, reason: string) =>
    `A payment of ${formatCents(amount)} arrived after the order was cancelled; the automatic refund failed (${reason}). Refund it in the payment provider's dashboard.`,
  /** The provider's answer was lost (timeout, network): the sweep asks again with the same key; nothing to do by hand yet. */
  noteLatePaymentRefundPending: (amount: Cents, reason: string) =>
    `A payment of ${formatCents(amount)} arrived after the order was cancelled; the automatic refund has no answer yet (${reason}). The shop asks the payment provider again automatically; a later note says how it ended.`,
  notePointsOwed: (points: number) =>
    `${formatCount(points)} points earned by this order had already been spent; taken back all the same, they come off the customer's next points.`,
  noteProviderRefund: (amount: Cents) => `Refunded ${formatCents(amount)} in the payment provider's dashboard.`,
  pointsAdjustment: (orderNumber: string, returned: number, takenBack: number) => {
    const parts = [];
    if (returned > 0) parts.push(`${formatCount(returned)} points returned`);
    if (takenBack > 0) parts.push(`${formatCount(takenBack)} points taken back`);
    return `Order ${orderNumber} cancelled: ${parts.join(', ')}`;
  },
} as const;

export interface PointsReversal {
  /** Points the order redeemed that go back to the customer. */
  returned: number;
  /** Points the order earned, all taken back. */
  takenBack: number;
  /**
   * Of those, points the customer had already spent (or holds for an unpaid checkout): the
   * balance is below zero by that much, shown as 0, until new points make them up.
   */
  owed: number;
  /** The one ledger row's signed points: returned - takenBack. */
  net: number;
}

/**
 * Points when a paid order is cancelled: what it redeemed is returned and everything it earned
 * is taken back, even points already spent: a refund gives back the money those points were
 * earned with, so they are owed and the next points earned make them up (the balance shown never
 * goes below 0; ledger.ts). `spendable` is the ledger balance minus the points held by other
 * pending orders; what the take-back leaves below it is `owed`, noted on the order. (Taking back
 * only what was spendable let a customer keep points: held by an unpaid checkout at the refund,
 * they came back when that checkout ended.)
 */
export function planPointsReversal(input: { earned: number; redeemed: number; spendable: number }): PointsReversal {
  const returned = Math.max(0, input.redeemed);
  const takenBack = Math.max(0, input.earned);
  const covered = Math.min(takenBack, Math.max(0, input.spendable + returned));
  return { returned, takenBack, owed: takenBack - covered, net: returned - takenBack };
}

/** The admin details' fulfilment and refund section, as the browser receives it (ISO dates). */
export interface OrderLifecycle {
  isPaid: boolean;
  shippingCarrier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  shippedAt: string | null;
  deliveredAt: string | null;
  cancelledAt: string | null;
  refundedCents: number;
  refundedAt: string | null;
  refunds: {
    id: string;
    reason: string;
    status: string;
    amountCents: number;
    providerRefundId: string | null;
    failureMessage: string | null;
    createdAt: string;
  }[];
  notes: { kind: string; body: string; createdAt: string }[];
}

/** One donation in the admin's Donations tab (issue 11 item 7). */
export interface AdminDonationRow {
  id: string;
  amountCents: number;
  status: string;
  email: string | null;
  createdAt: string;
  paidAt: string | null;
}

export interface AdminDonationsPage {
  total: number;
  page: number;
  pageSize: number;
  /** Sum of paid donations: never part of orders or revenue. */
  raisedCents: number;
  paidCount: number;
  donations: AdminDonationRow[];
}
