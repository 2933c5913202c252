/**
 * /staff/setup: a staff member's two-factor set-up (issue 27 Deliver 2), required before the
 * admin opens to them. Better Auth's two-factor plugin does the work: the password unlocks
 * /two-factor/enable, which answers the TOTP URI (shown as a QR code and as the key in text)
 * and ten recovery codes; a code from the app confirms it (/two-factor/verify-totp).
 */
import { useState } from 'react';
import { Link, redirect } from 'react-router';
import { eq } from 'drizzle-orm';
import { Loader2 } from '~/components/ui/icons';
import { FormField } from '~/components/account/form-field';
import { TotpQr, totpSecretOf } from '~/components/staff/totp-qr';
import { Button } from '~/components/ui/button';
import { postAuth } from '~/lib/auth-client';
import { notify } from '~/lib/notify';
import { RECOVERY_CODE_COUNT, STAFF_ROLE_LABELS, STAFF_TEXTS } from '@domain/staff-roles';
import { STAFF_SIGN_IN_TEXTS } from '@domain/staff-sign-in';
import { staffMembers } from '@server/db/schema';
import type { Route } from './+types/staff.setup';

export function meta(_: Route.MetaArgs) {
  return [{ title: 'Two-factor set-up | Wear Your Faith' }, { name: 'robots', content: 'noindex' }];
}

export function headers() {
  return { 'Cache-Control': 'no-store' };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const account = await context.staffAuth.getSignedInAccount(request);
  if (!account) throw redirect('/auth?next=/staff/setup');
  const [member] = await context.db
    .select({ role: staffMembers.role })
    .from(staffMembers)
    .where(eq(staffMembers.userId, account.userId))
    .limit(1);
  return { email: account.email, role: member?.role ?? null, twoFactorEnabled: account.twoFactorEnabled };
}

type Step = { name: 'password' } | { name: 'scan'; uri: string; codes: string[] } | { name: 'done' };

export default function StaffSetupPage({ loaderData }: Route.ComponentProps) {
  const { email, role, twoFactorEnabled } = loaderData;
  const [step, setStep] = useState<Step>(twoFactorEnabled ? { name: 'done' } : { name: 'password' });
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const start = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!password) return setError('Please enter your password.');
    setBusy(true);
    setError(null);
    const answer = await postAuth<{ totpURI: string; backupCodes: string[] }>('/two-factor/enable', { password });
    setBusy(false);
    if (answer.data?.totpURI) {
      setPassword('');
      setStep({ name: 'scan', uri: answer.data.totpURI, codes: answer.data.backupCodes });
    } else {
      setError(
        answer.code === 'INVALID_PASSWORD' ? 'That password is not right.' : (answer.message ?? 'Please try again.'),
      );
    }
  };

  const confirm = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = code.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(typed)) return setError('Please enter the 6-digit code from your app.');
    setBusy(true);
    setError(null);
    const answer = await postAuth('/two-factor/verify-totp', { code: typed });
    setBusy(false);
    if (answer.status >= 200 && answer.status < 300) {
      setStep({ name: 'done' });
      notify({ title: 'Two-factor sign-in is on', description: 'From now on you sign in with a code from your app.' });
    } else {
      setCode('');
      setError(answer.message ?? STAFF_SIGN_IN_TEXTS.codeRefused);
    }
  };

  return (
    <main className="mx-auto max-w-xl px-4 py-12 sm:py-16">
      <div className="rounded-3xl border border-line bg-white p-6 shadow-sm sm:p-10">
        <h1 className="text-3xl font-semibold tracking-tight">Two-factor sign-in</h1>
        {!role ? (
          <p role="alert" className="mt-6 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">
            {STAFF_TEXTS.notStaff}
          </p>
        ) : (
          <p className="mt-2 text-muted">
            {email} · {STAFF_ROLE_LABELS[role]}
          </p>
        )}
        {error && (
          <p role="alert" className="mt-6 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">
            {error}
          </p>
        )}
        {role && step.name === 'password' && (
          <form className="mt-8 space-y-5" onSubmit={start} noValidate>
            <p className="text-sm">
              The admin opens only after two-factor sign-in is set up. You need an authenticator app (such as Google
              Authenticator, 1Password or Authy). Confirm your password to begin.
            </p>
            <FormField
              label="Password"
              name="password"
              autoComplete="current-password"
              required
              value={password}
              onValueChange={setPassword}
            />
            <Button type="submit" variant="brand" className="w-full" disabled={busy}>
              {busy && <Loader2 className="animate-spin" aria-hidden />}
              Begin set-up
            </Button>
          </form>
        )}
        {role && step.name === 'scan' && (
          <div className="mt-8 space-y-6">
            <section aria-labelledby="scan-heading" className="space-y-3">
              <h2 id="scan-heading" className="font-semibold">
                1. Scan this code with your authenticator app
              </h2>
              <div className="flex justify-center">
                <TotpQr uri={step.uri} label="QR code for your authenticator app" />
              </div>
              <p className="text-sm text-muted">Or type this key into the app:</p>
              <p
                className="break-all rounded-lg bg-brand-50 p-3 text-center font-mono text-sm tracking-wider"
                data-testid="totp-key"
              >
                {totpSecretOf(step.uri)}
              </p>
            </section>
            <section aria-labelledby="codes-heading" className="space-y-3">
              <h2 id="codes-heading" className="font-semibold">
                2. Keep these {RECOVERY_CODE_COUNT} recovery codes somewhere safe
              </h2>
              <p className="text-sm text-muted">
                Each one signs you in once if you lose your phone. They are shown only now.
              </p>
              <ol
                className="grid grid-cols-1 gap-2 rounded-lg bg-brand-50 p-3 font-mono text-sm min-[400px]:grid-cols-2"
                data-testid="recovery-codes"
              >
                {step.codes.map((recovery) => (
                  <li key={recovery}>{recovery}</li>
                ))}
              </ol>
            </section>
            <form onSubmit={confirm} className="space-y-4" noValidate>
              <h2 className="font-semibold">3. Enter the code your app shows</h2>
              <FormField
                label={STAFF_SIGN_IN_TEXTS.codeLabel}
                name="code"
                autoComplete="one-time-code"
                inputMode="numeric"
                required
                value={code}
                onValueChange={setCode}
              />
              <Button type="submit" variant="brand" className="w-full" disabled={busy}>
                {busy && <Loader2 className="animate-spin" aria-hidden />}
                Turn on two-factor sign-in
              </Button>
            </form>
          </div>
        )}
        {role && step.name === 'done' && (
          <div role="status" className="mt-8 space-y-4">
            <p className="rounded-xl border border-brand-200 bg-brand-50 p-4 text-sm text-brand-900">
              Two-factor sign-in is on. Sign in at /auth with your email, password and a code from your app.
            </p>
            <Link to="/admin" className="btn btn-brand w-full">
              Open the admin
            </Link>
          </div>
        )}
      </div>
    </main>
  );
}
