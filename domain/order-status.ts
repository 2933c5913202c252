/**
 * Order statuses, without zod, so the pages that show a status badge (the account's order
 * history, the admin) do not load a validation library for it.
 * SPEC §4 Order status: "pending, processing, shipped, delivered, cancelled. The admin may set
 * any value at any time ... Badge variants: pending default, shipped secondary, delivered
 * outline, others default."
 */
export const ORDER_STATUSES = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export type OrderStatusBadgeVariant = 'default' | 'secondary' | 'outline';

/** True for one of the five order statuses. SPEC §4 */
export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

/** Badge variant of a status. SPEC §4: pending default, shipped secondary, delivered outline, others default */
export function orderStatusBadgeVariant(status: OrderStatus): OrderStatusBadgeVariant {
  switch (status) {
    case 'shipped':
      return 'secondary';
    case 'delivered':
      return 'outline';
    default:
      return 'default';
  }
}

/** Display label of a status for the status selector: 'pending' -> 'Pending'. */
export function orderStatusLabel(status: OrderStatus): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}

/**
 * What "paid" means, defined once (issue 29): the payment arrived (paid_at is set) and the order
 * is not cancelled. Revenue (the dashboard, its chart), the trigger-kept counters and the payment
 * pages all read it from here; the SQL form is server/orders/paid-order.ts.
 */
export function isPaidOrder(order: { status: string; paidAt: Date | null }): boolean {
  return order.paidAt !== null && order.status !== 'cancelled';
}

/** The statuses a paid order counts under (every one but cancelled): the revenue counters' keys. */
export const PAID_ORDER_STATUSES: readonly OrderStatus[] = ORDER_STATUSES.filter((status) => status !== 'cancelled');

/**
 * Where an order's money stands (issue 32 item 1), shown beside its status in the Orders tab
 * and its details: paid, refunded (in full or in part), awaiting payment (no payment yet), or
 * not paid (cancelled before any payment arrived: an abandoned checkout). Read from paid_at and
 * refunded_cents, so it agrees with isPaidOrder above.
 */
export const PAYMENT_STATES = ['paid', 'partly-refunded', 'refunded', 'awaiting-payment', 'not-paid'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

export const PAYMENT_STATE_LABELS: Record<PaymentState, string> = {
  paid: 'Paid',
  'partly-refunded': 'Partly refunded',
  refunded: 'Refunded',
  'awaiting-payment': 'Awaiting payment',
  'not-paid': 'Not paid',
};

export function orderPaymentState(order: {
  status: string;
  paidAt: Date | string | null;
  refundedCents: number;
  totalCents: number;
}): PaymentState {
  if (order.paidAt === null) return order.status === 'cancelled' ? 'not-paid' : 'awaiting-payment';
  if (order.refundedCents <= 0) return 'paid';
  return order.refundedCents >= order.totalCents ? 'refunded' : 'partly-refunded';
}

/** The Orders tab's payment filter: `unpaid` lists orders no payment arrived for, `paid` the others. */
export const PAYMENT_FILTERS = ['paid', 'unpaid'] as const;
export type PaymentFilter = (typeof PAYMENT_FILTERS)[number];

/** The statuses that say the goods are on their way: moving an unpaid order there asks first. */
export const FULFILMENT_STATUSES: readonly OrderStatus[] = ['processing', 'shipped', 'delivered'];

/**
 * The question the admin answers before an unpaid order moves to processing, shipped or
 * delivered (SPEC §4 lets the admin set any status: it asks, never forbids); null when there is
 * nothing to ask.
 */
export function unpaidStatusQuestion(
  order: { orderNumber: string; paidAt: Date | string | null },
  next: OrderStatus,
): string | null {
  if (order.paidAt !== null || !FULFILMENT_STATUSES.includes(next)) return null;
  return `${order.orderNumber} has not been paid. Mark it ${next} anyway?`;
}
