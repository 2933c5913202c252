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
import { readAdminToken, requestStaffAdminSession, subscribeAdminToken, writeAdminToken } from '~/lib/admin/admin-session';
import { Link } from 'react-router';
import { STAFF_TEXTS } from '@domain/staff-roles';
import { findStaffMemberForUser } from '@server/staff/staff-members';
import type { Route } from './+types/admin';

export function meta(_: Route.MetaArgs) {
  return [{ title: `${ADMIN_MESSAGES.adminDashboard} | Wear Your Faith` }, { name: 'robots', content: 'noindex' }];
}

/**
 * The refresh interval (not secret; e2e shortens it), and whether the browser is signed in
 * as a staff member (issue 27: then the admin opens without the passcode). No admin data here.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const account = await context.staffAuth.getSignedInAccount(request);
  const staff = account ? await findStaffMemberForUser({ db: context.db, userId: account.userId }) : null;
  return {
    refreshMs: context.config.adminRefreshMs,
    staff: staff && account ? { email: staff.email, twoFactorEnabled: account.twoFactorEnabled } : null,
  };
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

  // A staff member with two-factor sign-in opens the admin with their account (issue 27).
  const staff = loaderData.staff;
  const [staffRefusal, setStaffRefusal] = useState<string | null>(null);
  const opensAsStaff = token === null && Boolean(staff?.twoFactorEnabled) && staffRefusal === null;
  useEffect(() => {
    if (!opensAsStaff) return;
    let cancelled = false;
    requestStaffAdminSession()
      .then((answer) => {
        if (cancelled) return;
        if (answer.ok) writeAdminToken(answer.token);
        else setStaffRefusal(answer.error ?? STAFF_TEXTS.notStaff);
      })
      .catch(() => !cancelled && setStaffRefusal(ADMIN_MESSAGES.passcodeVerifyFailed));
    return () => {
      cancelled = true;
    };
  }, [opensAsStaff]);

  if (!token && opensAsStaff) {
    return (
      <main className="mx-auto flex max-w-md flex-col px-4 py-16 sm:py-24">
        <p role="status" className="text-center text-muted">
          Opening the admin for {staff?.email}...
        </p>
      </main>
    );
  }

  if (!token) {
    return (
      <main className="mx-auto flex max-w-md flex-col px-4 py-16 sm:py-24">
        <section aria-labelledby="admin-access-title" className="rounded-2xl border border-line bg-white p-6 shadow-sm">
          <h1 id="admin-access-title" className="text-xl font-semibold tracking-tight">
            {ADMIN_MESSAGES.adminAccessTitle}
          </h1>
          <p className="mt-1.5 mb-5 text-sm text-muted">{ADMIN_MESSAGES.adminAccessDescription}</p>
          {staffRefusal && (
            <p role="alert" className="mb-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
              {staffRefusal}
            </p>
          )}
          {staff && !staff.twoFactorEnabled && (
            <p role="alert" className="mb-4 rounded-lg border border-brand-200 bg-brand-50 p-3 text-sm text-brand-900">
              {STAFF_TEXTS.twoFactorRequired}{' '}
              <Link to="/staff/setup" className="font-medium text-brand-700 underline">
                Set up two-factor sign-in
              </Link>
            </p>
          )}
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
