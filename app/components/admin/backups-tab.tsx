import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatBytes, staleBackupWarning, type AdminBackup, type AdminBackups } from '@domain/backups';
import { SHOP_TIME_ZONE } from '@domain/dates';
import { Download, RefreshCw, ShieldCheck, TriangleAlert } from '~/components/ui/icons';
import { Button } from '~/components/ui/button';
import { adminGet, adminSend, isAdminSessionError } from '~/lib/admin/admin-api';
import { downloadAdminFile } from '~/lib/admin/csv-files';
import { ApiError } from '~/lib/json-api';
import { notify } from '~/lib/notify';
import { formatCountOf } from './format';

const BACKUPS_KEY = ['admin', 'backups'];

const dateTime = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: SHOP_TIME_ZONE,
  timeZoneName: 'short',
});

const KIND_LABEL: Record<AdminBackup['kind'], string> = {
  scheduled: 'Scheduled',
  manual: 'Made by hand',
  'before-restore': 'Before a restore',
};

/** The backups list, for the panel and the dashboard's warning (one query, one cache entry). */
export function useBackups() {
  return useQuery({ queryKey: BACKUPS_KEY, queryFn: () => adminGet<AdminBackups>('/api/admin/backups') });
}

/**
 * Backups tab (issue 28, decision 028): Back up now, the schedule, the kept archives (time,
 * size, counts) each with its download, and the reason of a failed attempt.
 */
export function BackupsTab() {
  const queryClient = useQueryClient();
  const backups = useBackups();
  const [downloading, setDownloading] = useState<string | null>(null);
  const backUp = useMutation({
    mutationFn: () => adminSend<{ backup: { name: string; bytes: number } }>('/api/admin/backups', 'POST'),
    onSuccess: (answer) =>
      notify({ title: 'Backup made', description: `${answer.backup.name} (${formatBytes(answer.backup.bytes)})` }),
    onError: (error) =>
      notify({
        title: 'The backup failed',
        description: error instanceof ApiError ? error.message : undefined,
        variant: 'destructive',
      }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: BACKUPS_KEY }),
  });

  async function download(name: string) {
    setDownloading(name);
    try {
      await downloadAdminFile(`/api/admin/backups/${encodeURIComponent(name)}`, name);
    } catch (error) {
      notify({
        title: 'The download failed',
        description: error instanceof ApiError ? error.message : undefined,
        variant: 'destructive',
      });
    } finally {
      setDownloading(null);
    }
  }

  const data = backups.data;
  return (
    <section aria-labelledby="backups-heading" className="rounded-xl border border-line bg-white p-4 sm:p-5">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="backups-heading" className="text-lg font-semibold">
          Backups{data ? ` (${data.backups.length})` : ''}
        </h2>
        <Button size="sm" onClick={() => backUp.mutate()} disabled={backUp.isPending}>
          <RefreshCw className={backUp.isPending ? 'size-4 animate-spin' : 'size-4'} aria-hidden />
          {backUp.isPending ? 'Backing up…' : 'Back up now'}
        </Button>
      </div>
      {data && (
        <p className="mb-4 flex items-start gap-2 rounded-lg bg-brand-50 p-3 text-sm text-muted">
          <ShieldCheck className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden />
          <span className="min-w-0 wrap-anywhere">
            {data.schedule.everyHours
              ? `The shop backs itself up every ${data.schedule.everyHours === 24 ? 'day' : `${data.schedule.everyHours} hours`}`
              : 'Scheduled backups are off (BACKUP_EVERY_HOURS=0)'}
            {` and keeps the newest ${data.schedule.keep}, in ${data.schedule.where}. `}
            Each archive restores with <code className="text-ink">npm run restore -- ARCHIVE</code>.
          </span>
        </p>
      )}
      {data?.isStale && (
        <p role="alert" className="mb-4 flex items-start gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          {staleBackupWarning(data.newestAt)}
        </p>
      )}
      {data?.lastFailure && (
        <p role="alert" className="mb-4 rounded-lg bg-red-50 p-3 text-sm wrap-anywhere text-red-700">
          The last backup attempt failed
          {data.lastFailure.at ? ` (${dateTime.format(new Date(data.lastFailure.at))})` : ''}: {data.lastFailure.error}
        </p>
      )}
      {backups.isError && !isAdminSessionError(backups.error) && (
        <p role="alert" className="text-sm text-red-700">
          Failed to fetch backups
        </p>
      )}
      {data?.backups.length === 0 && <p className="py-8 text-center text-sm text-muted">No backups yet</p>}
      <ul className="divide-y divide-line">
        {data?.backups.map((backup) => (
          <li
            key={backup.name}
            className="grid gap-3 py-3 sm:grid-cols-[1fr_auto] sm:items-center"
            data-testid="backup-row"
          >
            <div className="min-w-0">
              <p className="font-medium">{dateTime.format(new Date(backup.createdAt))}</p>
              <p className="text-sm text-muted">
                <span className="tabular-nums">{formatBytes(backup.bytes)}</span> · {KIND_LABEL[backup.kind]}
                {backup.location === 's3' ? ' · in the bucket' : ''}
              </p>
              <p className="text-sm tabular-nums">
                {formatCountOf(backup.counts.products, 'product')} · {formatCountOf(backup.counts.orders, 'order')} ·{' '}
                {formatCountOf(backup.counts.customers, 'customer')}
              </p>
            </div>
            <Button
              variant="outline"
              size="sm"
              className="h-10! justify-self-start"
              aria-label={`Download the backup of ${dateTime.format(new Date(backup.createdAt))}`}
              disabled={downloading === backup.name}
              onClick={() => void download(backup.name)}
            >
              <Download className="size-4" aria-hidden /> Download
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The dashboard's warning when the newest backup is more than two days old (or there is none). */
export function BackupWarning({ onOpenBackups }: { onOpenBackups: () => void }) {
  const backups = useBackups();
  if (!backups.data?.isStale) return null;
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
      data-testid="backup-warning"
    >
      <p className="flex min-w-0 items-start gap-2">
        <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>{staleBackupWarning(backups.data.newestAt)}</span>
      </p>
      <Button variant="outline" size="sm" onClick={onOpenBackups}>
        Open Backups
      </Button>
    </div>
  );
}
