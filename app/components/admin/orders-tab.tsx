import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, Printer } from '~/components/ui/icons';
import { AddressLines } from '~/components/shop/address-lines';
import { useState } from 'react';
import * as MESSAGES from '@domain/messages';
import { ORDER_STATUSES, orderStatusBadgeVariant, type OrderStatus } from '@domain/order-status';
import type { AdminOrderDetail, AdminOrderRow, AdminPage } from '@domain/admin-contract';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '~/components/ui/dialog';
import { NativeSelect } from '~/components/ui/native-select';
import { notify } from '~/lib/notify';
import { adminFetch, adminGet, adminSend } from '~/lib/admin/admin-api';
import { formatCents, formatDate } from './format';
import { TotalsList } from '~/components/shop/totals-list';
import { CancelOrderDialog, OrderLifecyclePanel, ShipOrderDialog, type PendingStatusChange } from './order-lifecycle';
import { AdminSearchForm, ListNotes, StatusFilter } from './admin-list';
import { Pager } from './pager';
import type { Shipment } from '@domain/shipment';
import { ApiError } from '~/lib/json-api';

type OrdersPage = AdminPage & { orders: AdminOrderRow[] };

function filterParams(q: string, status: string, page?: number) {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (status) params.set('status', status);
  if (page) params.set('page', String(page));
  return params.toString();
}

/** Orders tab (SPEC §2): search, status filter, pages, status select, details, CSV. */
export function OrdersTab() {
  const queryClient = useQueryClient();
  const [q, setQ] = useState('');
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const [detailId, setDetailId] = useState<string | null>(null);
  // Shipped asks for tracking, cancelled asks for confirmation (issue 11 items 4 and 5).
  const [pendingChange, setPendingChange] = useState<PendingStatusChange | null>(null);
  const orders = useQuery({
    queryKey: ['admin', 'orders', q, status, page],
    queryFn: () => adminGet<OrdersPage>(`/api/admin/orders?${filterParams(q, status, page)}`),
    placeholderData: keepPreviousData,
  });
  const updateStatus = useMutation({
    mutationFn: (input: { id: string; status: OrderStatus; shipment?: Shipment }) =>
      adminSend<{ message?: string }>(`/api/admin/orders/${input.id}`, 'PATCH', { status: input.status, ...input.shipment }),
    onSuccess: (answer) => {
      notify({ title: MESSAGES.orderStatusUpdated, description: answer.message });
      setPendingChange(null);
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
    onError: (error) => {
      // The server's reason (a refund refused, already cancelled, a bad tracking number) is the description.
      notify({
        title: MESSAGES.updateOrderStatusFailed,
        description: error instanceof ApiError && error.status !== 500 ? error.message : undefined,
        variant: 'destructive',
      });
      setPendingChange(null);
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
  });
  function changeStatus(order: AdminOrderRow, next: OrderStatus) {
    if (next === 'shipped' || next === 'cancelled') {
      setPendingChange({ id: order.id, orderNumber: order.orderNumber, status: next });
      return;
    }
    updateStatus.mutate({ id: order.id, status: next });
  }

  async function exportCsv() {
    try {
      const response = await adminFetch(`/api/admin/orders/export?${filterParams(q, status)}`);
      const blob = await response.blob();
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? 'orders.csv';
      link.click();
      URL.revokeObjectURL(url);
    } catch (error) {
      console.error('[admin] CSV export failed', error);
      notify({ title: MESSAGES.fetchOrdersFailed, variant: 'destructive' });
    }
  }

  const data = orders.data;
  return (
    <section aria-labelledby="orders-heading" className="rounded-xl border border-line bg-white p-4 sm:p-5">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="orders-heading" className="text-lg font-semibold">
          {MESSAGES.ordersHeading(data?.total ?? 0)}
        </h2>
        <Button variant="outline" size="sm" onClick={() => void exportCsv()}>
          <Download className="size-4" aria-hidden /> Export CSV
        </Button>
      </div>
      <AdminSearchForm
        label="Search orders by number or e-mail"
        placeholder="Order number or e-mail"
        className="flex-col sm:flex-row"
        onSearch={(text) => {
          setQ(text);
          setPage(1);
        }}
      >
        <div className="sm:w-44">
          <StatusFilter
            label="Filter by status"
            statuses={ORDER_STATUSES}
            value={status}
            onChange={(next) => {
              setStatus(next);
              setPage(1);
            }}
          />
        </div>
      </AdminSearchForm>
      <ListNotes
        error={orders.isError ? orders.error : null}
        failed={MESSAGES.fetchOrdersFailed}
        isEmpty={data?.orders.length === 0}
        empty={MESSAGES.noOrders}
      />
      <ul className="divide-y divide-line">
        {data?.orders.map((order) => (
          <li
            key={order.id}
            className="grid gap-3 py-3 sm:grid-cols-[1fr_auto] sm:items-center"
            data-testid="order-row"
          >
            <div className="min-w-0">
              <p className="font-medium">
                {order.orderNumber}{' '}
                <Badge variant={orderStatusBadgeVariant(order.status)} className="ml-1 align-middle">
                  {order.status}
                </Badge>
              </p>
              <p className="truncate text-sm text-muted">
                {order.customerName ?? 'Customer'} · {order.email ?? MESSAGES.notAvailable}
              </p>
              <p className="text-sm">
                <span className="font-medium tabular-nums">{formatCents(order.totalCents)}</span>
                <span className="text-muted"> · {formatDate(order.createdAt)}</span>
              </p>
            </div>
            <div className="flex items-center gap-2">
              <div className="w-36">
                <NativeSelect
                  aria-label={`Status of ${order.orderNumber}`}
                  value={order.status}
                  disabled={updateStatus.isPending}
                  onChange={(event) => changeStatus(order, event.target.value as OrderStatus)}
                >
                  {ORDER_STATUSES.map((value) => (
                    <option key={value} value={value}>
                      {value}
                    </option>
                  ))}
                </NativeSelect>
              </div>
              <Button variant="outline" size="sm" className="h-10!" onClick={() => setDetailId(order.id)}>
                {MESSAGES.viewDetails}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {data && <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} />}
      <OrderDetailDialog orderId={detailId} onClose={() => setDetailId(null)} />
      <ShipOrderDialog
        change={pendingChange}
        isSaving={updateStatus.isPending}
        onClose={() => setPendingChange(null)}
        onConfirm={(shipment) => pendingChange && updateStatus.mutate({ id: pendingChange.id, status: 'shipped', shipment })}
      />
      <CancelOrderDialog
        change={pendingChange}
        isSaving={updateStatus.isPending}
        onClose={() => setPendingChange(null)}
        onConfirm={() => pendingChange && updateStatus.mutate({ id: pendingChange.id, status: 'cancelled' })}
      />
    </section>
  );
}

function OrderDetailDialog({ orderId, onClose }: { orderId: string | null; onClose: () => void }) {
  const detail = useQuery({
    queryKey: ['admin', 'order', orderId],
    queryFn: () => adminGet<AdminOrderDetail>(`/api/admin/orders/${orderId}`),
    enabled: Boolean(orderId),
  });
  const order = detail.data;
  return (
    <Dialog open={Boolean(orderId)} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-xl!">
        <DialogHeader>
          <DialogTitle>{order ? `Order ${order.orderNumber}` : MESSAGES.viewDetails}</DialogTitle>
          <DialogDescription>
            {order
              ? `${order.customerName ?? 'Customer'} · ${order.email ?? MESSAGES.notAvailable} · ${formatDate(order.createdAt)}`
              : MESSAGES.loading}
          </DialogDescription>
        </DialogHeader>
        {order && (
          <div className="grid gap-4 text-sm">
            <section aria-labelledby="ship-to-heading" className="grid gap-3 rounded-lg border border-line p-3 sm:grid-cols-2">
              <div>
                <h3 id="ship-to-heading" className="text-xs font-semibold tracking-wide text-muted uppercase">
                  Ship to
                </h3>
                {order.shipping ? (
                  <AddressLines address={order.shipping} className="mt-1" testId="order-shipping-address" />
                ) : (
                  <p className="mt-1 text-muted">No shipping address collected</p>
                )}
              </div>
              <dl className="grid content-start gap-1">
                <dt className="text-xs font-semibold tracking-wide text-muted uppercase">E-mail</dt>
                <dd className="break-all">{order.email ?? MESSAGES.notAvailable}</dd>
                <dt className="mt-1 text-xs font-semibold tracking-wide text-muted uppercase">Phone</dt>
                <dd>{order.shipping?.phone ?? MESSAGES.notAvailable}</dd>
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
              <dd className="text-right tabular-nums">{order.pointsEarned}</dd>
              <dt className="text-muted">Status</dt>
              <dd className="text-right">{order.status}</dd>
              <dt className="text-muted">Payment</dt>
              <dd className="text-right break-all">
                {order.paymentProvider} · {order.paymentReference ?? MESSAGES.notAvailable}
              </dd>
            </dl>
            <OrderLifecyclePanel order={order} />
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
