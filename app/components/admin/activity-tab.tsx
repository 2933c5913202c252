/**
 * Activity tab (issue 27 Deliver 4; Owner and Manager): the audit log newest first, filtered by
 * person, action and date, paged, with a CSV download of what the filter shows. Read only:
 * nothing in the shop edits or deletes an entry.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { AUDIT_ACTIONS, describeChange, type AuditPage } from '@domain/audit';
import { SHOP_TIME_ZONE } from '@domain/dates';
import { Download } from '~/components/ui/icons';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { NativeSelect } from '~/components/ui/native-select';
import { adminGet } from '~/lib/admin/admin-api';
import { downloadAdminFile } from '~/lib/admin/csv-files';
import { ApiError } from '~/lib/json-api';
import { notify } from '~/lib/notify';
import { Pager } from './pager';
import { TYPED_YEARS } from '@domain/dates';

const dateTime = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
  timeZone: SHOP_TIME_ZONE,
  timeZoneName: 'short',
});

interface Filter {
  actor: string;
  action: string;
  from: string;
  to: string;
}

function queryString(filter: Filter, page?: number) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value) params.set(key, value);
  if (page) params.set('page', String(page));
  return params.toString();
}

export function ActivityTab() {
  const formId = useId();
  const [filter, setFilter] = useState<Filter>({ actor: '', action: '', from: '', to: '' });
  const [page, setPage] = useState(1);
  const activity = useQuery({
    queryKey: ['admin', 'activity', filter, page],
    queryFn: () => adminGet<AuditPage>(`/api/admin/activity?${queryString(filter, page)}`),
    placeholderData: keepPreviousData,
  });
  const set = (key: keyof Filter) => (value: string) => {
    setFilter((current) => ({ ...current, [key]: value }));
    setPage(1);
  };

  async function download() {
    try {
      await downloadAdminFile(
        `/api/admin/activity/export?${queryString(filter)}`,
        `activity-${new Date().toISOString().slice(0, 10)}.csv`,
      );
    } catch (error) {
      notify({
        title: 'The download failed',
        description: error instanceof ApiError ? error.message : undefined,
        variant: 'destructive',
      });
    }
  }

  const data = activity.data;
  return (
    <section aria-labelledby={`${formId}-heading`} className="rounded-xl border border-line bg-white p-4 sm:p-5">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${formId}-heading`} className="text-lg font-semibold">
          Activity ({data?.total ?? 0})
        </h2>
        <Button variant="outline" size="sm" onClick={download}>
          <Download className="size-4" aria-hidden />
          Download CSV
        </Button>
      </div>
      <div className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-1">
          <Label htmlFor={`${formId}-actor`}>Person</Label>
          <NativeSelect
            id={`${formId}-actor`}
            value={filter.actor}
            onChange={(event) => set('actor')(event.target.value)}
          >
            <option value="">Everyone</option>
            {data?.actors.map((actor) => (
              <option key={actor} value={actor}>
                {actor}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="space-y-1">
          <Label htmlFor={`${formId}-action`}>Action</Label>
          <NativeSelect
            id={`${formId}-action`}
            value={filter.action}
            onChange={(event) => set('action')(event.target.value)}
          >
            <option value="">Every action</option>
            {Object.entries(AUDIT_ACTIONS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="space-y-1">
          <Label htmlFor={`${formId}-from`}>From</Label>
          <Input
            id={`${formId}-from`}
            type="date"
            min={`${TYPED_YEARS.first}-01-01`}
            max={`${TYPED_YEARS.last}-12-31`}
            value={filter.from}
            onChange={(event) => set('from')(event.target.value)}
          />
        </div>
        <div className="space-y-1">
          <Label htmlFor={`${formId}-to`}>To</Label>
          <Input
            id={`${formId}-to`}
            type="date"
            min={`${TYPED_YEARS.first}-01-01`}
            max={`${TYPED_YEARS.last}-12-31`}
            value={filter.to}
            onChange={(event) => set('to')(event.target.value)}
          />
        </div>
      </div>
      {activity.isError && (
        <p role="alert" className="text-sm text-red-700">
          {activity.error instanceof ApiError ? activity.error.message : 'Failed to fetch the activity log'}
        </p>
      )}
      {data && data.entries.length === 0 && <p className="py-6 text-center text-sm text-muted">No activity found</p>}
      <ol className="divide-y divide-line" aria-label="Activity, newest first">
        {data?.entries.map((entry) => (
          <li key={entry.id} className="py-3" data-testid="activity-entry">
            <p className="text-sm font-medium break-words">{entry.summary}</p>
            <p className="mt-0.5 text-xs text-muted">
              <time dateTime={entry.at}>{dateTime.format(new Date(entry.at))}</time> · {entry.actorRole} ·{' '}
              {AUDIT_ACTIONS[entry.action as keyof typeof AUDIT_ACTIONS] ?? entry.action}
            </p>
            {entry.changes.length > 0 && (
              <ul className="mt-1 text-xs text-ink">
                {entry.changes.map((change) => (
                  <li key={change.field}>{describeChange(change)}</li>
                ))}
              </ul>
            )}
            {entry.reason && <p className="mt-1 text-xs text-ink">Reason: {entry.reason}</p>}
          </li>
        ))}
      </ol>
      {data && <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} />}
    </section>
  );
}
