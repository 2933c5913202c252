/**
 * /admin (SPEC §2). The server cannot see the browser's admin token (localStorage), so the
 * page renders the Admin Access gate and no data; the browser then loads everything from the
 * guarded admin API with X-Admin-Session.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import * as ADMIN_MESSAGES from '@domain/admin-messages';
import { AdminAccessForm } from '~/components/admin/admin-access-form';
import { AdminDashboard } from '~/components/admin/admin-dashboard';
import { isAdminSessionError, onAdminUnauthorized } from '~/lib/admin/admin-api';
import { readAdminToken, subscribeAdminToken, writeAdminToken } from '~/lib/admin/admin-session';
import type { Route } from './+types/admin';

export function meta(_: Route.MetaArgs) {
  return [{ title: `${ADMIN_MESSAGES.adminDashboard} | Wear Your Faith` }, { name: 'robots', content: 'noindex' }];
}

/** Only the refresh interval (not secret; e2e shortens it). No admin data here. */
export function loader({ context }: Route.LoaderArgs) {
  return { refreshMs: context.config.adminRefreshMs };
}

export function headers() {
  return { 'Cache-Control': 'no-store' };
}

function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: 5 * 60_000,
        retry: (failureCount, error) => !isAdminSessionError(error) && failureCount < 3,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
        refetchOnWindowFocus: false,
      },
    },
  });
}

export default function AdminPage({ loaderData }: Route.ComponentProps) {
  const [queryClient] = useState(createQueryClient);
  // undefined: not yet known (server render and hydration); null: no session.
  const token = useSyncExternalStore<string | null | undefined>(subscribeAdminToken, readAdminToken, () => undefined);

  useEffect(
    () =>
      onAdminUnauthorized(() => {
        writeAdminToken(null);
        queryClient.clear();
      }),
    [queryClient],
  );

  if (!token) {
    return (
      <main className="mx-auto flex max-w-md flex-col px-4 py-16 sm:py-24">
        <section aria-labelledby="admin-access-title" className="rounded-2xl border border-line bg-white p-6 shadow-sm">
          <h1 id="admin-access-title" className="text-xl font-semibold tracking-tight">
            {ADMIN_MESSAGES.adminAccessTitle}
          </h1>
          <p className="mt-1.5 mb-5 text-sm text-muted">{ADMIN_MESSAGES.adminAccessDescription}</p>
          <AdminAccessForm
            disabled={token === undefined}
            onGranted={() => undefined}
            onCancel={() => window.location.assign('/')}
          />
        </section>
      </main>
    );
  }

  return (
    <QueryClientProvider client={queryClient}>
      <AdminDashboard refreshMs={loaderData.refreshMs} />
    </QueryClientProvider>
  );
}
