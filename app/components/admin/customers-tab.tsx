import { useState } from 'react';
import * as ADMIN_MESSAGES from '@domain/admin-messages';
import * as MESSAGES from '@domain/messages';
import { orderStatusBadgeVariant } from '@domain/order-status';
import type { AdminCustomerProfile, AdminCustomerRow, AdminPage } from '@domain/admin-contract';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { formatCents, formatCount, formatDate, fullName } from './format';
import { AdminListSection, AdminSearchForm, useAdminList } from './admin-list';
import { AdminRecordDialog } from './record-dialog';
import { Download } from '~/components/ui/icons';
import { notify } from '~/lib/notify';
import { downloadAdminFile } from '~/lib/admin/csv-files';
import { amountChargedCents } from '@domain/order-summary';

type CustomersPage = AdminPage & { customers: AdminCustomerRow[] };

/** Customers tab (SPEC §2): name, e-mail, phone or N/A, joined date, View Profile; search, pages. */
export function CustomersTab() {
  const list = useAdminList<CustomersPage, { q: string }>('customers', { q: '' });
  const [profileId, setProfileId] = useState<string | null>(null);
  return (
    <AdminListSection
      list={list}
      heading={ADMIN_MESSAGES.customersHeading}
      actions={
        <Button
          variant="outline"
          size="sm"
          onClick={() =>
            void downloadAdminFile('/api/admin/customers/export', 'customers.csv').catch((error: unknown) => {
              console.error('[admin] customers CSV export failed', error);
              notify({ title: ADMIN_MESSAGES.fetchCustomersFailed, variant: 'destructive' });
            })
          }
        >
          <Download className="size-4" aria-hidden /> Export CSV (with points)
        </Button>
      }
      toolbar={
        <AdminSearchForm
          label="Search customers by name or email"
          placeholder="Name or email"
          onSearch={list.field('q').onChange}
        />
      }
      failed={ADMIN_MESSAGES.fetchCustomersFailed}
      empty={ADMIN_MESSAGES.noCustomers}
      rows={(page) => page.customers}
      row={(customer) => (
        <li key={customer.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
          <div className="min-w-0">
            <p className="font-medium">{fullName(customer.firstName, customer.lastName) || 'Customer'}</p>
            <p className="truncate text-sm text-muted">
              {customer.email} · {customer.phone || ADMIN_MESSAGES.notAvailable}
            </p>
            <p className="text-xs text-muted">Joined {formatDate(customer.createdAt)}</p>
          </div>
          <Button variant="outline" size="sm" onClick={() => setProfileId(customer.id)}>
            {ADMIN_MESSAGES.viewProfile}
          </Button>
        </li>
      )}
    >
      <AdminRecordDialog kind="customer" id={profileId} onClose={() => setProfileId(null)}>
        {(customer) => <CustomerProfile customer={customer} />}
      </AdminRecordDialog>
    </AdminListSection>
  );
}

/** A customer's points and orders, in their profile dialog. */
function CustomerProfile({ customer }: { customer: AdminCustomerProfile }) {
  return (
    <>
      <dl className="grid grid-cols-2 gap-3">
        <div className="rounded-lg bg-brand-50 p-3">
          <dt className="text-muted">{MESSAGES.availablePoints}</dt>
          <dd className="text-xl font-semibold tabular-nums">{formatCount(customer.totalPoints)}</dd>
        </div>
        <div className="rounded-lg bg-brand-50 p-3">
          <dt className="text-muted">{MESSAGES.lifetimePoints}</dt>
          <dd className="text-xl font-semibold tabular-nums">{formatCount(customer.lifetimePoints)}</dd>
        </div>
      </dl>
      <h3 className="font-semibold">{ADMIN_MESSAGES.tabOrders}</h3>
      {customer.orders.length === 0 ? (
        <p className="text-muted">{ADMIN_MESSAGES.noOrders}</p>
      ) : (
        <ul className="divide-y divide-line rounded-lg border border-line">
          {customer.orders.map((order) => (
            <li key={order.id} className="flex items-center justify-between gap-3 p-3">
              <span>
                {order.orderNumber}
                <span className="block text-xs text-muted">{formatDate(order.createdAt)}</span>
              </span>
              <span className="flex items-center gap-2">
                <span className="tabular-nums">{formatCents(amountChargedCents(order))}</span>
                <Badge variant={orderStatusBadgeVariant(order.status)}>{order.status}</Badge>
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
