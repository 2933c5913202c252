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
