import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Download, Printer } from '~/components/ui/icons';
import { useState } from 'react';
import * as ADMIN_MESSAGES from '@domain/admin-messages';
import {
  ORDER_STATUSES,
  PAYMENT_STATE_LABELS,
  orderStatusBadgeVariant,
  unpaidStatusQuestion,
  type OrderStatus,
  type PaymentState,
} from '@domain/order-status';
import type { AdminOrderDetail, AdminOrderRow, AdminPage } from '@domain/admin-contract';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { notify } from '~/lib/notify';
import { adminSend } from '~/lib/admin/admin-api';
import { formatCents, formatCount, formatDate } from './format';
import { TotalsList } from '~/components/shop/totals-list';
import { CancelOrderDialog, OrderLifecyclePanel, ShipOrderDialog, type PendingStatusChange } from './order-lifecycle';
import { AdminListSection, AdminSearchForm, listParams, StatusFilter, useAdminList } from './admin-list';
import { ChoiceSelect } from './choice-select';
import { AdminRecordDialog } from './record-dialog';
import { ShipTo } from './ship-to';
import type { Shipment } from '@domain/shipment';
import { ApiError } from '~/lib/json-api';
import { useCan } from './admin-identity';
import { downloadAdminFile } from '~/lib/admin/csv-files';
import { amountChargedCents } from '@domain/order-summary';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '~/components/ui/dialog';

/** The payment filter's choices (issue 32 item 1). */
const PAYMENT_FILTER_LABELS = { unpaid: 'Unpaid', paid: 'Paid' } as const;

/** Paid, refunded or awaiting payment, beside the status. */
export function PaymentBadge({ payment }: { payment: PaymentState }) {
  const tone =
    payment === 'paid'
      ? 'border-emerald-700/30 bg-emerald-50 text-emerald-800'
      : payment === 'awaiting-payment'
        ? 'border-amber-700/30 bg-amber-50 text-amber-900'
        : 'border-line bg-white text-muted';
  return (
    <span
      data-testid="payment-badge"
      className={`ml-1 inline-flex items-center rounded-full border px-2 py-0.5 align-middle text-xs font-medium ${tone}`}
    >
      {PAYMENT_STATE_LABELS[payment]}
    </span>
  );
}

/** What a role without the cancel permission may move an order to (issue 27: Fulfillment). */
const FULFILLMENT_STATUSES: readonly OrderStatus[] = ['processing', 'shipped', 'delivered'];

type OrdersPage = AdminPage & { orders: AdminOrderRow[] };

/** Orders tab (SPEC §2): search, status filter, pages, status select, details, CSV. */
export function OrdersTab() {
  const queryClient = useQueryClient();
  const canCancel = useCan('orders.cancel');
  const canExport = useCan('orders.export');
  const list = useAdminList<OrdersPage, { q: string; status: string; payment: string }>('orders', {
    q: '',
    status: '',
    payment: '',
  });
  // Moving an unpaid order on asks first (issue 32 item 1; SPEC §4: it asks, never forbids).
  const [unpaidChange, setUnpaidChange] = useState<{
    order: AdminOrderRow;
    next: OrderStatus;
    question: string;
  } | null>(null);
  const [detailId, setDetailId] = useState<string | null>(null);
  // Shipped asks for tracking, cancelled asks for confirmation (issue 11 items 4 and 5).
  const [pendingChange, setPendingChange] = useState<PendingStatusChange | null>(null);
  const updateStatus = useMutation({
    mutationFn: (input: { id: string; status: OrderStatus; shipment?: Shipment; reason?: string }) =>
      adminSend<{ message?: string }>(`/api/admin/orders/${input.id}`, 'PATCH', {
        status: input.status,
        ...input.shipment,
        ...(input.reason ? { reason: input.reason } : {}),
      }),
    onSuccess: (answer) => {
      notify({ title: ADMIN_MESSAGES.orderStatusUpdated, description: answer.message });
      setPendingChange(null);
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
    onError: (error) => {
      // The server's reason (a refund refused, already cancelled, a bad tracking number) is the description.
      notify({
        title: ADMIN_MESSAGES.updateOrderStatusFailed,
        description: error instanceof ApiError && error.status !== 500 ? error.message : undefined,
        variant: 'destructive',
      });
      setPendingChange(null);
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
  });
  function changeStatus(order: AdminOrderRow, next: OrderStatus, askedAboutPayment = false) {
    const question = askedAboutPayment ? null : unpaidStatusQuestion(order, next);
    if (question) {
      setUnpaidChange({ order, next, question });
      return;
    }
    if (next === 'shipped' || next === 'cancelled') {
      setPendingChange({ id: order.id, orderNumber: order.orderNumber, status: next });
      return;
    }
    updateStatus.mutate({ id: order.id, status: next });
  }

  async function exportCsv(lines = false) {
    try {
      const query = listParams(list.filters);
      await downloadAdminFile(
        `/api/admin/orders/export?${query}${lines ? `${query ? '&' : ''}lines=1` : ''}`,
        lines ? 'order-lines.csv' : 'orders.csv',
      );
    } catch (error) {
      console.error('[admin] CSV export failed', error);
      notify({ title: ADMIN_MESSAGES.fetchOrdersFailed, variant: 'destructive' });
    }
  }

  return (
    <AdminListSection
      list={list}
      heading={ADMIN_MESSAGES.ordersHeading}
      actions={
        canExport ? (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" onClick={() => void exportCsv()}>
              <Download className="size-4" aria-hidden /> Export CSV
            </Button>
            <Button variant="outline" size="sm" onClick={() => void exportCsv(true)}>
              <Download className="size-4" aria-hidden /> Export order lines
            </Button>
          </div>
        ) : null
      }
      toolbar={
        <AdminSearchForm
          label="Search orders by number or email"
          placeholder="Order number or email"
          className="flex-col sm:flex-row"
          onSearch={list.field('q').onChange}
        >
          <div className="sm:w-44">
            <StatusFilter label="Filter by status" statuses={ORDER_STATUSES} {...list.field('status')} />
          </div>
          <div className="sm:w-40">
            <ChoiceSelect
              aria-label="Filter by payment"
              blank="Paid or not"
              choices={['unpaid', 'paid'] as const}
              label={(choice) => PAYMENT_FILTER_LABELS[choice]}
              value={list.field('payment').value}
              onValueChange={list.field('payment').onChange}
            />
          </div>
        </AdminSearchForm>
      }
      failed={ADMIN_MESSAGES.fetchOrdersFailed}
      empty={ADMIN_MESSAGES.noOrders}
      rows={(page) => page.orders}
      row={(order) => (
        <li key={order.id} className="grid gap-3 py-3 sm:grid-cols-[1fr_auto] sm:items-center" data-testid="order-row">
          <div className="min-w-0">
            <p className="font-medium">
              {order.orderNumber}{' '}
              <Badge variant={orderStatusBadgeVariant(order.status)} className="ml-1 align-middle">
                {order.status}
              </Badge>
              <PaymentBadge payment={order.payment} />
            </p>
            <p className="text-sm text-muted [overflow-wrap:anywhere]">
              {order.customerName ?? 'Customer'} · {order.email ?? ADMIN_MESSAGES.notAvailable}
            </p>
            <p className="text-sm">
              <span className="font-medium tabular-nums">{formatCents(amountChargedCents(order))}</span>
              <span className="text-muted"> · {formatDate(order.createdAt)}</span>
            </p>
          </div>
          <div className="flex items-center gap-2">
            {/* On a phone the select takes what the button leaves (a fixed width pushed it out). */}
            <div className="min-w-0 flex-1 sm:w-36 sm:flex-none">
              <ChoiceSelect
                aria-label={`Status of ${order.orderNumber}`}
                choices={
                  canCancel
                    ? ORDER_STATUSES
                    : ORDER_STATUSES.filter(
                        (status) => status === order.status || FULFILLMENT_STATUSES.includes(status),
                      )
                }
                value={order.status}
                disabled={updateStatus.isPending}
                onValueChange={(value) => changeStatus(order, value as OrderStatus)}
              />
            </div>
            <Button variant="outline" size="sm" className="h-10!" onClick={() => setDetailId(order.id)}>
              {ADMIN_MESSAGES.viewDetails}
            </Button>
          </div>
        </li>
      )}
    >
      <AdminRecordDialog kind="order" id={detailId} onClose={() => setDetailId(null)}>
        {(order) => <OrderDetails order={order} />}
      </AdminRecordDialog>
      <Dialog open={unpaidChange !== null} onOpenChange={(open) => !open && setUnpaidChange(null)}>
        <DialogContent className="max-w-md!" role="alertdialog">
          <DialogHeader>
            <DialogTitle>Not paid yet</DialogTitle>
            <DialogDescription data-testid="unpaid-question">{unpaidChange?.question}</DialogDescription>
          </DialogHeader>
          <DialogFooter className="mt-6">
            <Button type="button" variant="outline" onClick={() => setUnpaidChange(null)}>
              Keep it {unpaidChange?.order.status}
            </Button>
            <Button
              type="button"
              onClick={() => {
                if (!unpaidChange) return;
                setUnpaidChange(null);
                changeStatus(unpaidChange.order, unpaidChange.next, true);
              }}
            >
              Mark it {unpaidChange?.next}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      <ShipOrderDialog
        change={pendingChange}
        isSaving={updateStatus.isPending}
        onClose={() => setPendingChange(null)}
        onConfirm={(shipment) =>
          pendingChange && updateStatus.mutate({ id: pendingChange.id, status: 'shipped', shipment })
        }
      />
      <CancelOrderDialog
        change={pendingChange}
        isSaving={updateStatus.isPending}
        onClose={() => setPendingChange(null)}
        onConfirm={(reason) =>
          pendingChange && updateStatus.mutate({ id: pendingChange.id, status: 'cancelled', reason })
        }
      />
    </AdminListSection>
  );
}

/** An order's View Details: where it ships, its lines and totals, payment, fulfillment and refunds. */
function OrderDetails({ order }: { order: AdminOrderDetail }) {
  return (
    <>
      <section
        aria-labelledby="ship-to-heading"
        className="grid gap-3 rounded-lg border border-line p-3 sm:grid-cols-2"
      >
        <ShipTo address={order.shipping} variant="details" />
        <dl className="grid content-start gap-1">
          <dt className="text-xs font-semibold tracking-wide text-muted uppercase">Email</dt>
          <dd className="break-all">{order.email ?? ADMIN_MESSAGES.notAvailable}</dd>
          <dt className="mt-1 text-xs font-semibold tracking-wide text-muted uppercase">Phone</dt>
          <dd>{order.shipping?.phone ?? ADMIN_MESSAGES.notAvailable}</dd>
        </dl>
        <a
          href={`/admin/orders/${order.id}/packing-slip`}
          target="_blank"
          rel="noopener"
          className="inline-flex h-9 items-center justify-center gap-2 rounded-lg border border-line px-3 font-medium transition hover:bg-brand-50 sm:col-span-2 sm:justify-self-start"
        >
          <Printer className="size-4" aria-hidden /> Packing slip
        </a>
      </section>
      <ul className="divide-y divide-line rounded-lg border border-line">
        {order.lines.map((line) => (
          <li key={line.id} className="flex justify-between gap-3 p-3">
            <span>
              {line.name}
              <span className="block text-xs text-muted">
                {line.color} · {line.size} · {line.quantity} × {formatCents(line.unitPriceCents)}
              </span>
            </span>
            <span className="tabular-nums">{formatCents(line.lineTotalCents)}</span>
          </li>
        ))}
      </ul>
      <TotalsList className="space-y-1.5" totals={order} />
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1.5">
        <dt className="text-muted">Points earned</dt>
        <dd className="text-right tabular-nums">{formatCount(order.pointsEarned)}</dd>
        <dt className="text-muted">Status</dt>
        <dd className="text-right">{order.status}</dd>
        <dt className="text-muted">Paid</dt>
        <dd className="text-right">
          <PaymentBadge payment={order.payment} />
          {order.paidAt ? <span className="block text-xs text-muted">{formatDate(order.paidAt)}</span> : null}
        </dd>
        <dt className="text-muted">Payment</dt>
        <dd className="text-right break-all">
          {order.paymentProvider} · {order.paymentReference ?? ADMIN_MESSAGES.notAvailable}
        </dd>
      </dl>
      <OrderLifecyclePanel order={order} />
    </>
  );
}
