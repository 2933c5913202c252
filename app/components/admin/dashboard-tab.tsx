import { useQuery } from '@tanstack/react-query';
import { Activity, DollarSign, Eye, Package, ShoppingCart, TriangleAlert, Users } from '~/components/ui/icons';
import { LOW_STOCK_THRESHOLD, variantLabel } from '@domain/stock';
import * as ADMIN_MESSAGES from '@domain/admin-messages';
import * as MESSAGES from '@domain/messages';
import { orderStatusBadgeVariant } from '@domain/order-status';
import type { DashboardStats } from '@domain/admin-contract';
import { Badge } from '~/components/ui/badge';
import { adminGet } from '~/lib/admin/admin-api';
import { formatCents, formatDate } from './format';
import { BackupWarning } from './backups-tab';
import { FailedMailWarning } from './mail-tab';
import { RevenueChart } from './revenue-chart';

/** Dashboard cards, recent activity (SPEC §2) and the 30-day revenue chart; auto-refreshed. */
export function DashboardTab({
  refreshMs,
  onOpenProduct,
  onOpenBackups,
  onOpenMail,
}: {
  refreshMs: number;
  /** Opens the Mail tab (the count of e-mails given up). */
  onOpenMail?: () => void;
  /** Opens the Backups tab (the warning when the newest backup is too old). */
  onOpenBackups?: () => void;
  /** Opens a product's Edit dialog (its stock grid). */
  onOpenProduct?: (productId: string) => void;
}) {
  const stats = useQuery({
    queryKey: ['admin', 'stats'],
    queryFn: () => adminGet<DashboardStats>('/api/admin/stats'),
    refetchInterval: refreshMs,
  });
  const revenue = useQuery({
    queryKey: ['admin', 'revenue'],
    queryFn: () => adminGet<{ days: { day: string; revenueCents: number }[] }>('/api/admin/revenue'),
    refetchInterval: refreshMs,
  });
  const data = stats.data;
  const cards = [
    { label: ADMIN_MESSAGES.statTotalProducts, value: data?.totalProducts, icon: Package },
    {
      label: ADMIN_MESSAGES.statTotalOrders,
      value: data?.totalOrders,
      icon: ShoppingCart,
      // Paid orders only (issue 32 item 1); unpaid and abandoned checkouts are listed apart.
      note: data ? `paid · ${data.awaitingPayment} awaiting payment · ${data.abandonedCheckouts} abandoned` : undefined,
    },
    { label: ADMIN_MESSAGES.statRevenue, value: data ? formatCents(data.revenueCents) : undefined, icon: DollarSign },
    // Issue 25: Revenue counts sales without tax; the tax collected stands beside it.
    { label: 'Tax collected', value: data ? formatCents(data.taxCollectedCents) : undefined, icon: DollarSign },
    { label: ADMIN_MESSAGES.statCustomers, value: data?.customers, icon: Users },
    { label: ADMIN_MESSAGES.statOnlineNow, value: data?.onlineNow, icon: Activity },
    { label: ADMIN_MESSAGES.statTotalVisitors, value: data?.totalVisitors, icon: Eye },
  ];
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <BackupWarning onOpenBackups={() => onOpenBackups?.()} />
      <FailedMailWarning count={data?.failedEmails ?? 0} onOpenMail={() => onOpenMail?.()} />
      {stats.isError && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-700">
          {stats.error.message}
        </p>
      )}
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3 xl:grid-cols-6">
        {cards.map((card) => (
          <li key={card.label} className="rounded-xl border border-line bg-white p-4">
            <div className="flex items-center justify-between gap-2 text-sm text-muted">
              <span>{card.label}</span>
              <card.icon className="size-4 shrink-0" aria-hidden />
            </div>
            <p className="mt-2 text-2xl font-semibold tabular-nums" data-testid={`stat-${card.label}`}>
              {card.value ?? '…'}
            </p>
            {'note' in card && card.note ? (
              <p className="mt-1 text-xs text-muted" data-testid="stat-orders-note">
                {card.note}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-2">
        <section className="rounded-xl border border-line bg-white p-5" aria-labelledby="recent-activity">
          <h2 id="recent-activity" className="mb-4 text-lg font-semibold">
            {MESSAGES.recentActivity}
          </h2>
          {data && data.recentOrders.length === 0 && (
            <p className="text-sm text-muted">{ADMIN_MESSAGES.noRecentActivity}</p>
          )}
          <ul className="divide-y divide-line">
            {data?.recentOrders.map((order) => (
              <li key={order.id} className="flex items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  {/* Wraps on a phone: the order number and the name are what the line is for. */}
                  <p className="text-sm font-medium [overflow-wrap:anywhere]">
                    {ADMIN_MESSAGES.recentOrderLabel(order.orderNumber, order.firstName)}
                  </p>
                  <p className="text-xs text-muted">{formatDate(order.createdAt)}</p>
                </div>
                <Badge variant={orderStatusBadgeVariant(order.status)}>{order.status}</Badge>
              </li>
            ))}
          </ul>
        </section>
        <section
          className="rounded-xl border border-line bg-white p-5 lg:col-span-2"
          aria-labelledby="low-stock"
          data-testid="low-stock-card"
        >
          <h2 id="low-stock" className="mb-1 flex items-center gap-2 text-lg font-semibold">
            <TriangleAlert className="size-5 text-amber-600" aria-hidden /> Low stock
          </h2>
          <p className="mb-3 text-xs text-muted">Variants with {LOW_STOCK_THRESHOLD} or fewer left.</p>
          {data && data.lowStock.length === 0 && (
            <p className="text-sm text-muted">Every tracked variant has more than {LOW_STOCK_THRESHOLD} left.</p>
          )}
          {/* minmax(0, 1fr): a long variant name wraps inside the card instead of widening the page. */}
          <ul className="grid grid-cols-[minmax(0,1fr)] gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {data?.lowStock.map((variant) => (
              <li key={`${variant.productId}-${variant.color}-${variant.size}`}>
                <button
                  type="button"
                  onClick={() => onOpenProduct?.(variant.productId)}
                  className="flex w-full items-center justify-between gap-3 rounded-lg border border-line px-3 py-2 text-left text-sm transition hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500"
                >
                  <span className="min-w-0 wrap-anywhere">
                    {variantLabel(variant.name, variant.color, variant.size)}
                  </span>
                  <Badge
                    variant={variant.quantity === 0 ? 'destructive' : 'secondary'}
                    className="shrink-0 tabular-nums"
                  >
                    {variant.quantity === 0 ? 'sold out' : `${variant.quantity} left`}
                  </Badge>
                </button>
              </li>
            ))}
          </ul>
        </section>
        <section className="rounded-xl border border-line bg-white p-5" aria-labelledby="revenue-chart">
          <h2 id="revenue-chart" className="mb-4 text-lg font-semibold">
            Revenue, last 30 days
          </h2>
          {revenue.data ? (
            <RevenueChart days={revenue.data.days} />
          ) : (
            <p className="text-sm text-muted">{MESSAGES.loading}</p>
          )}
        </section>
      </div>
    </div>
  );
}
