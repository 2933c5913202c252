import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import * as MESSAGES from '@domain/messages';
import { orderStatusBadgeVariant } from '@domain/order-status';
import type { AdminCustomerProfile, AdminCustomerRow, AdminPage } from '@domain/admin-contract';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '~/components/ui/dialog';
import { adminGet } from '~/lib/admin/admin-api';
import { formatCents, formatDate, fullName } from './format';
import { AdminSearchForm, ListNotes } from './admin-list';
import { Pager } from './pager';

type CustomersPage = AdminPage & { customers: AdminCustomerRow[] };

/** Customers tab (SPEC §2): name, e-mail, phone or N/A, joined date, View Profile; search, pages. */
export function CustomersTab() {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [profileId, setProfileId] = useState<string | null>(null);
  const customers = useQuery({
    queryKey: ['admin', 'customers', q, page],
    queryFn: () => adminGet<CustomersPage>(`/api/admin/customers?${new URLSearchParams({ q, page: String(page) })}`),
    placeholderData: keepPreviousData,
  });
  const data = customers.data;
  return (
    <section aria-labelledby="customers-heading" className="rounded-xl border border-line bg-white p-4 sm:p-5">
      <h2 id="customers-heading" className="mb-4 text-lg font-semibold">
        {MESSAGES.customersHeading(data?.total ?? 0)}
      </h2>
      <AdminSearchForm
        label="Search customers by name or e-mail"
        placeholder="Name or e-mail"
        onSearch={(text) => {
          setQ(text);
          setPage(1);
        }}
      />
      <ListNotes
        error={customers.isError ? customers.error : null}
        failed={MESSAGES.fetchCustomersFailed}
        isEmpty={data?.customers.length === 0}
        empty={MESSAGES.noCustomers}
      />
      <ul className="divide-y divide-line">
        {data?.customers.map((customer) => (
          <li key={customer.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div className="min-w-0">
              <p className="font-medium">{fullName(customer.firstName, customer.lastName) || 'Customer'}</p>
              <p className="truncate text-sm text-muted">
                {customer.email} · {customer.phone || MESSAGES.notAvailable}
              </p>
              <p className="text-xs text-muted">Joined {formatDate(customer.createdAt)}</p>
            </div>
            <Button variant="outline" size="sm" onClick={() => setProfileId(customer.id)}>
              {MESSAGES.viewProfile}
            </Button>
          </li>
        ))}
      </ul>
      {data && <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} />}
      <CustomerProfileDialog customerId={profileId} onClose={() => setProfileId(null)} />
    </section>
  );
}

function CustomerProfileDialog({ customerId, onClose }: { customerId: string | null; onClose: () => void }) {
  const profile = useQuery({
    queryKey: ['admin', 'customer', customerId],
    queryFn: () => adminGet<AdminCustomerProfile>(`/api/admin/customers/${customerId}`),
    enabled: Boolean(customerId),
  });
  const customer = profile.data;
  return (
    <Dialog open={Boolean(customerId)} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-xl!">
        <DialogHeader>
          <DialogTitle>
            {customer ? fullName(customer.firstName, customer.lastName) || customer.email : MESSAGES.viewProfile}
          </DialogTitle>
          <DialogDescription>
            {customer ? `${customer.email} · ${customer.phone || MESSAGES.notAvailable}` : MESSAGES.loading}
          </DialogDescription>
        </DialogHeader>
        {customer && (
          <div className="grid gap-4 text-sm">
            <dl className="grid grid-cols-2 gap-3">
              <div className="rounded-lg bg-brand-50 p-3">
                <dt className="text-muted">{MESSAGES.availablePoints}</dt>
                <dd className="text-xl font-semibold tabular-nums">{customer.totalPoints}</dd>
              </div>
              <div className="rounded-lg bg-brand-50 p-3">
                <dt className="text-muted">{MESSAGES.lifetimePoints}</dt>
                <dd className="text-xl font-semibold tabular-nums">{customer.lifetimePoints}</dd>
              </div>
            </dl>
            <h3 className="font-semibold">{MESSAGES.tabOrders}</h3>
            {customer.orders.length === 0 ? (
              <p className="text-muted">{MESSAGES.noOrders}</p>
            ) : (
              <ul className="divide-y divide-line rounded-lg border border-line">
                {customer.orders.map((order) => (
                  <li key={order.id} className="flex items-center justify-between gap-3 p-3">
                    <span>
                      {order.orderNumber}
                      <span className="block text-xs text-muted">{formatDate(order.createdAt)}</span>
                    </span>
                    <span className="flex items-center gap-2">
                      <span className="tabular-nums">{formatCents(order.totalCents)}</span>
                      <Badge variant={orderStatusBadgeVariant(order.status)}>{order.status}</Badge>
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
