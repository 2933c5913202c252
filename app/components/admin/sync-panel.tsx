import { useMutation, useQuery } from '@tanstack/react-query';
import { RefreshCw } from '~/components/ui/icons';
import * as ADMIN_MESSAGES from '@domain/admin-messages';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { readAdminToken } from '~/lib/admin/admin-session';
import { notify } from '~/lib/notify';
import { adminGet, adminSend } from '~/lib/admin/admin-api';

type SyncResult = { product_name: string; status: 'success' | 'error'; variants_count: number; error: string | null };

/** The payment-provider sync panel (SPEC §2, §7, §8). */
export function SyncPanel() {
  const status = useQuery({
    queryKey: ['admin', 'sync'],
    queryFn: () => adminGet<{ configured: boolean }>('/api/admin/sync'),
  });
  const sync = useMutation({
    mutationFn: () => {
      if (!readAdminToken()) throw new Error(ADMIN_MESSAGES.adminSessionMissing);
      return adminSend<{ results: SyncResult[] }>('/api/admin/sync', 'POST');
    },
    onSuccess: ({ results }) => {
      const failed = results.filter((result) => result.status === 'error').length;
      notify({
        title: ADMIN_MESSAGES.syncCompleteTitle,
        description: ADMIN_MESSAGES.syncComplete(results.length - failed, failed),
        variant: failed > 0 ? 'destructive' : 'default',
      });
    },
    onError: (error) =>
      notify({
        title: ADMIN_MESSAGES.syncFailedTitle,
        description: error.message || ADMIN_MESSAGES.syncFailedDefault,
        variant: 'destructive',
      }),
  });
  const isConfigured = status.data?.configured;
  return (
    <section aria-labelledby="sync-heading" className="rounded-xl border border-line bg-white p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="sync-heading" className="text-lg font-semibold">
            Stripe product sync
          </h2>
          <p className="text-sm text-muted">
            {isConfigured === false
              ? 'No Stripe key is configured (STRIPE_SECRET_KEY), so products cannot be synced.'
              : 'Creates or updates a Stripe product and price for every product variant.'}
          </p>
        </div>
        <Button variant="outline" size="sm" disabled={!isConfigured || sync.isPending} onClick={() => sync.mutate()}>
          <RefreshCw className={sync.isPending ? 'size-4 animate-spin' : 'size-4'} aria-hidden />
          {sync.isPending ? 'Syncing...' : 'Sync Products'}
        </Button>
      </div>
      {sync.data && (
        <ul className="mt-4 divide-y divide-line text-sm">
          {sync.data.results.map((result) => (
            <li key={result.product_name} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>{result.product_name}</span>
              <span className="flex items-center gap-2 text-muted">
                {result.variants_count} variants
                <Badge variant={result.status === 'success' ? 'secondary' : 'destructive'}>{result.status}</Badge>
              </span>
              {result.error && <span className="w-full text-xs text-red-700">{result.error}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
