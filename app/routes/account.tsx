/** /account: the signed-in customer's order history (number, date, status, total, lines). */
import { Award, MapPin, Package } from '~/components/ui/icons';
import { Link, redirect } from 'react-router';
import { SignOutButton } from '~/components/account/sign-out-button';
import { TrackingLink } from '~/components/account/tracking-link';
import { Badge } from '~/components/ui/badge';
import { formatDate } from '@domain/dates';
import * as MESSAGES from '@domain/messages';
import { amountChargedCents } from '@domain/order-summary';
import { formatCents } from '@domain/money';
import { orderStatusBadgeVariant, type OrderStatus } from '@domain/order-status';
import { AddressLines } from '~/components/shop/address-lines';
import { getLastShippingAddress } from '@server/customers/get-last-shipping-address';
import { listCustomerOrders } from '@server/customers/list-customer-orders';
import type { Route } from './+types/account';
import { TotalsList } from '~/components/shop/totals-list';

export function meta(_: Route.MetaArgs) {
  return [{ title: 'Your orders | Wear Your Faith' }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await context.auth.getViewer(request);
  if (!viewer) throw redirect('/auth');
  const [orders, address] = await Promise.all([
    listCustomerOrders({ db: context.db, userId: viewer.userId, email: viewer.email }),
    getLastShippingAddress({ db: context.db, userId: viewer.userId, email: viewer.email }),
  ]);
  return { viewer, orders, address };
}

export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

export default function AccountPage({ loaderData }: Route.ComponentProps) {
  const { viewer, orders, address } = loaderData;
  const name = [viewer.firstName, viewer.lastName].filter(Boolean).join(' ');
  return (
    <main className="mx-auto max-w-4xl px-4 py-12 sm:px-6 lg:py-16">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">Your orders</h1>
          <p className="mt-2 text-muted">
            {name ? `${name} · ` : ''}
            {viewer.email}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <Link
            to="/loyalty"
            className="inline-flex h-10 items-center gap-2 rounded-full border border-line px-4 text-sm font-semibold hover:bg-brand-50"
          >
            <Award className="size-4" aria-hidden />
            {MESSAGES.loyaltyRewards}
          </Link>
          <SignOutButton withLabel />
        </div>
      </div>
      {address && (
        <section
          aria-labelledby="address-heading"
          className="mt-8 rounded-3xl border border-line bg-white p-6 shadow-sm"
        >
          <h2 id="address-heading" className="flex items-center gap-2 text-lg font-semibold">
            <MapPin className="size-5 text-brand-600" aria-hidden /> Shipping address
          </h2>
          <AddressLines address={address} className="mt-2 text-sm text-muted" testId="account-address">
            {address.phone && <span className="block">{address.phone}</span>}
          </AddressLines>
          <p className="mt-2 text-xs text-muted">From your last order; it is filled in for you at checkout.</p>
        </section>
      )}
      {orders.length === 0 ? (
        <div className="mt-8 rounded-3xl border border-line bg-white p-10 text-center shadow-sm">
          <Package className="mx-auto size-10 text-brand-600" aria-hidden />
          <p className="mt-4 text-lg">You have no orders yet.</p>
          <Link
            to="/"
            className="mt-6 inline-flex h-11 items-center rounded-full bg-brand-600 px-6 text-sm font-semibold text-white hover:bg-brand-700"
          >
            Start shopping
          </Link>
        </div>
      ) : (
        <ol className="mt-8 space-y-5">
          {orders.map((order) => (
            <li key={order.id} className="rounded-3xl border border-line bg-white p-5 shadow-sm sm:p-6">
              <div className="flex flex-wrap items-center justify-between gap-3">
                <div>
                  <h2 className="font-semibold">Order {order.orderNumber}</h2>
                  <p className="text-sm text-muted">{formatDate(order.createdAt)}</p>
                </div>
                <div className="flex items-center gap-3">
                  <Badge variant={orderStatusBadgeVariant(order.status as OrderStatus)} className="capitalize">
                    {order.status}
                  </Badge>
                  <span className="font-semibold tabular-nums">{formatCents(amountChargedCents(order))}</span>
                </div>
              </div>
              <OrderShipmentLine order={order} />
              <ul className="mt-4 divide-y divide-line border-t border-line">
                {order.lines.map((line, index) => (
                  <li key={index} className="flex items-center gap-4 py-3">
                    {line.imageUrl ? (
                      <img
                        src={line.imageUrl}
                        alt=""
                        width={48}
                        height={48}
                        className="size-12 rounded-lg object-cover"
                        loading="lazy"
                      />
                    ) : (
                      <span className="size-12 rounded-lg bg-brand-50" aria-hidden />
                    )}
                    <div className="min-w-0 flex-1">
                      <p className="font-medium [overflow-wrap:anywhere]">{line.name}</p>
                      <p className="text-xs text-muted">
                        {[line.color, line.size].filter(Boolean).join(' · ')} · Qty {line.quantity}
                      </p>
                    </div>
                    <span className="text-sm tabular-nums">{formatCents(line.lineTotalCents)}</span>
                  </li>
                ))}
              </ul>
              {/* The whole breakdown, as the confirmation gives it: the lines above add up to it. */}
              <TotalsList
                totals={order}
                className="space-y-2 border-t border-line pt-3"
                testIds={{ discount: 'account-order-discount', tax: 'account-order-tax', total: 'account-order-total' }}
              />
            </li>
          ))}
        </ol>
      )}
    </main>
  );
}

/** Tracking (issue 11 item 4) and a refund, under the order's heading. */
function OrderShipmentLine({ order }: { order: Route.ComponentProps['loaderData']['orders'][number] }) {
  if (!order.trackingNumber && order.refundedCents <= 0) return null;
  return (
    <div className="mt-3 space-y-1 text-sm" data-testid="order-shipment">
      {order.trackingNumber ? (
        <p>
          <span className="text-muted">{order.shippingCarrier ?? 'Carrier'} tracking: </span>
          <TrackingLink
            number={order.trackingNumber}
            url={order.trackingUrl}
            className="font-medium break-all"
            linkClassName="text-brand-700 underline underline-offset-4"
          />
        </p>
      ) : null}
      {order.refundedCents > 0 ? <p className="text-muted">Refunded {formatCents(order.refundedCents)}</p> : null}
    </div>
  );
}
