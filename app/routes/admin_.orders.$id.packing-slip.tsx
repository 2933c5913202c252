/**
 * /admin/orders/:id/packing-slip: one order's packing slip, to print (issue 11 item 2): order
 * number, date, shipping address, lines with colour, size and quantity. No shop or admin
 * chrome (route handle `bare`), a print stylesheet (Tailwind `print:` and `@page` in app.css).
 * The server cannot see the admin token (localStorage), so, like /admin, the page carries no
 * order data: the browser reads it from the guarded admin API with the admin session.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDate } from '@domain/dates';
import * as ADMIN_MESSAGES from '@domain/admin-messages';
import * as MESSAGES from '@domain/messages';
import { countryName } from '@domain/shipping-address';
import type { AdminOrderDetail, AdminOrderLine } from '@domain/admin-contract';
import { ShipTo } from '~/components/admin/ship-to';
import { adminGet, isAdminSessionError } from '~/lib/admin/admin-api';
import { Button } from '~/components/ui/button';
import { cn } from '~/lib/utils';
import type { Route } from './+types/admin_.orders.$id.packing-slip';

export const handle = { bare: true };

export function meta() {
  return [{ title: 'Packing slip | Wear Your Faith' }, { name: 'robots', content: 'noindex' }];
}

export function headers() {
  return { 'Cache-Control': 'no-store' };
}

/**
 * The slip's columns: a header cell and each line's cell share their padding and alignment
 * (`className`); `header` and `cell` add their own classes.
 */
const SLIP_COLUMNS: {
  label: ReactNode;
  className: string;
  header?: string;
  cell?: string;
  value: (line: AdminOrderLine) => ReactNode;
}[] = [
  { label: 'Item', className: 'py-2 pr-2', value: (line) => line.name },
  { label: 'Color', className: 'px-2 py-2', value: (line) => line.color },
  { label: 'Size', className: 'px-2 py-2', value: (line) => line.size },
  {
    label: 'Qty',
    className: 'py-2 pl-2 text-right',
    cell: 'font-semibold tabular-nums',
    value: (line) => line.quantity,
  },
  {
    label: (
      <>
        <span className="sr-only">Packed</span>✓
      </>
    ),
    className: 'py-2 pl-2 text-center',
    header: 'w-12',
    value: () => <span className="inline-block size-4 border border-ink" aria-hidden />,
  },
];

type SlipState = { status: 'loading' } | { status: 'ready'; order: AdminOrderDetail } | { status: 'error'; message: string; isSession: boolean };

export default function PackingSlip({ params }: Route.ComponentProps) {
  const [state, setState] = useState<SlipState>({ status: 'loading' });
  useEffect(() => {
    let active = true;
    adminGet<AdminOrderDetail>(`/api/admin/orders/${encodeURIComponent(params.id)}`)
      .then((order) => active && setState({ status: 'ready', order }))
      .catch((error: unknown) => {
        if (!active) return;
        const isSession = isAdminSessionError(error);
        setState({ status: 'error', isSession, message: isSession ? ADMIN_MESSAGES.adminSessionMissing : error instanceof Error ? error.message : String(error) });
      });
    return () => {
      active = false;
    };
  }, [params.id]);

  if (state.status === 'loading') {
    return <p className="p-8 text-sm text-muted">{MESSAGES.loading}</p>;
  }
  if (state.status === 'error') {
    return (
      <main className="mx-auto max-w-xl p-8">
        <p role="alert" className="font-medium text-red-700">
          {state.message}
        </p>
        {state.isSession && (
          <Link to="/admin" className="mt-4 inline-block text-sm font-semibold text-brand-700 underline">
            Sign in to the admin
          </Link>
        )}
      </main>
    );
  }
  const { order } = state;
  const units = order.lines.reduce((sum, line) => sum + line.quantity, 0);
  return (
    <main className="mx-auto max-w-3xl bg-white p-6 text-ink sm:p-10 print:max-w-none print:p-0" data-testid="packing-slip">
      <div className="mb-6 flex justify-end gap-2 print:hidden">
        <Link to="/admin" className="inline-flex h-9 items-center rounded-lg border border-line px-3 text-sm font-medium hover:bg-brand-50">
          Back to admin
        </Link>
        <Button variant="brand" size="sm" onClick={() => window.print()}>
          Print
        </Button>
      </div>
      <header className="flex flex-wrap items-start justify-between gap-4 border-b-2 border-ink pb-4">
        <div>
          <p className="text-sm font-semibold tracking-wide uppercase">Wear Your Faith</p>
          <h1 className="mt-1 text-2xl font-bold">Packing slip</h1>
        </div>
        <dl className="grid grid-cols-[auto_auto] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted">Order</dt>
          <dd className="font-semibold" data-testid="slip-order-number">
            {order.orderNumber}
          </dd>
          <dt className="text-muted">Date</dt>
          <dd>{formatDate(order.paidAt ?? order.createdAt)}</dd>
        </dl>
      </header>
      <section aria-labelledby="ship-to" className="mt-6 grid gap-6 sm:grid-cols-2 print:grid-cols-2">
        <ShipTo address={order.shipping} variant="slip" />
        <div>
          <h2 className="text-xs font-semibold tracking-wide text-muted uppercase">Contact</h2>
          <p className="mt-2 text-sm">{order.email ?? ADMIN_MESSAGES.notAvailable}</p>
          {order.shipping?.phone && <p className="text-sm">{order.shipping.phone}</p>}
          {order.shipping && order.shipping.country !== 'US' && (
            <p className="mt-2 text-xs text-muted">International: {countryName(order.shipping.country)}</p>
          )}
        </div>
      </section>
      <table className="mt-8 w-full border-collapse text-sm">
        <thead>
          <tr className="border-b border-ink text-left">
            {SLIP_COLUMNS.map((column, index) => (
              <th key={index} scope="col" className={cn(column.header, column.className, 'font-semibold')}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={line.id} className="border-b border-line break-inside-avoid">
              {SLIP_COLUMNS.map((column, index) => (
                <td key={index} className={cn(column.className, column.cell)}>
                  {column.value(line)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td colSpan={3} className="pt-3 text-right text-muted">
              Units
            </td>
            <td className="pt-3 pl-2 text-right font-semibold tabular-nums">{units}</td>
            <td />
          </tr>
        </tfoot>
      </table>
      <p className="mt-10 text-center text-sm text-muted">Thank you for supporting Wear Your Faith.</p>
    </main>
  );
}
