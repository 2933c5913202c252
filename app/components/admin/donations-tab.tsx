import type { AdminDonationsPage } from '@domain/order-lifecycle';
import { Badge } from '~/components/ui/badge';
import { formatCents, formatDate } from './format';
import { AdminListSection, StatusFilter, useAdminList } from './admin-list';

const STATUSES = ['paid', 'pending', 'cancelled'] as const;

/**
 * Donations tab (issue 11 item 7): amount, date, e-mail and status of every donation, newest
 * first, and the total raised by paid ones. Donations are never orders or revenue.
 */
export function DonationsTab() {
  const list = useAdminList<AdminDonationsPage, { status: string }>('donations', { status: '' });
  const data = list.query.data;
  return (
    <AdminListSection
      list={list}
      heading={(total) => `Donations (${total})`}
      actions={
        <div className="w-40">
          <StatusFilter label="Filter donations by status" statuses={STATUSES} {...list.field('status')} />
        </div>
      }
      toolbar={
        <div className="mb-4 rounded-lg bg-brand-50 p-4" data-testid="donations-raised">
          <p className="text-sm text-muted">Total raised</p>
          <p className="text-2xl font-semibold tabular-nums">{formatCents(data?.raisedCents ?? 0)}</p>
          <p className="text-xs text-muted">
            from {data?.paidCount ?? 0} paid donation{data?.paidCount === 1 ? '' : 's'}; not counted as orders or
            revenue
          </p>
        </div>
      }
      failed="Failed to fetch donations"
      empty="No donations found"
      rows={(page) => page.donations}
      row={(donation) => (
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
            <p className="truncate text-sm text-muted">{donation.email ?? 'No email given'}</p>
          </div>
          <p className="text-sm text-muted">{formatDate(donation.createdAt)}</p>
        </li>
      )}
    />
  );
}
