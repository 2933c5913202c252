import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminDonationsPage } from '@domain/order-lifecycle';
import { Badge } from '~/components/ui/badge';
import { adminGet } from '~/lib/admin/admin-api';
import { formatCents, formatDate } from './format';
import { ListNotes, StatusFilter } from './admin-list';
import { Pager } from './pager';

const STATUSES = ['paid', 'pending', 'cancelled'] as const;

/**
 * Donations tab (issue 11 item 7): amount, date, e-mail and status of every donation, newest
 * first, and the total raised by paid ones. Donations are never orders or revenue.
 */
export function DonationsTab() {
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const donations = useQuery({
    queryKey: ['admin', 'donations', status, page],
    queryFn: () => {
      const params = new URLSearchParams({ page: String(page) });
      if (status) params.set('status', status);
      return adminGet<AdminDonationsPage>(`/api/admin/donations?${params}`);
    },
    placeholderData: keepPreviousData,
  });
  const data = donations.data;
  return (
    <section aria-labelledby="donations-heading" className="rounded-xl border border-line bg-white p-4 sm:p-5">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="donations-heading" className="text-lg font-semibold">
          Donations ({data?.total ?? 0})
        </h2>
        <div className="w-40">
          <StatusFilter
            label="Filter donations by status"
            statuses={STATUSES}
            value={status}
            onChange={(next) => {
              setStatus(next);
              setPage(1);
            }}
          />
        </div>
      </div>
      <div className="mb-4 rounded-lg bg-brand-50 p-4" data-testid="donations-raised">
        <p className="text-sm text-muted">Total raised</p>
        <p className="text-2xl font-semibold tabular-nums">{formatCents(data?.raisedCents ?? 0)}</p>
        <p className="text-xs text-muted">
          from {data?.paidCount ?? 0} paid donation{data?.paidCount === 1 ? '' : 's'}; not counted as orders or revenue
        </p>
      </div>
      <ListNotes
        error={donations.isError ? donations.error : null}
        failed="Failed to fetch donations"
        isEmpty={data?.donations.length === 0}
        empty="No donations found"
      />
      <ul className="divide-y divide-line">
        {data?.donations.map((donation) => (
          <li
            key={donation.id}
            className="flex flex-wrap items-center justify-between gap-3 py-3"
            data-testid="donation-row"
          >
            <div className="min-w-0">
              <p className="font-medium tabular-nums">
                {formatCents(donation.amountCents)}{' '}
                <Badge variant={donation.status === 'paid' ? 'secondary' : 'default'} className="ml-1 align-middle">
                  {donation.status}
                </Badge>
              </p>
              <p className="truncate text-sm text-muted">{donation.email ?? 'No e-mail given'}</p>
            </div>
            <p className="text-sm text-muted">{formatDate(donation.createdAt)}</p>
          </li>
        ))}
      </ul>
      {data && <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} />}
    </section>
  );
}
