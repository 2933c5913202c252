/**
 * /staff/invite/<token>: the link of a staff invite (issue 27 Deliver 2). A valid link shows
 * whom it invites and as what; the invitee creates their account here (the link proves the
 * email), or signs in to the one they have and accepts, then goes on to set up two-factor
 * sign-in. An expired, used or forged link gets a clear page and changes nothing.
 */
import { Form, Link, data, redirect, useNavigation, useParams } from 'react-router';
import { Loader2 } from '~/components/ui/icons';
import { FormField } from '~/components/account/form-field';
import { Button } from '~/components/ui/button';
import { STAFF_ROLE_LABELS, STAFF_ROLE_SUMMARIES, INVITE_TTL_HOURS, inviterName } from '@domain/staff-roles';
import { MIN_PASSWORD_LENGTH } from '@domain/auth-feedback';
import { AppError } from '@server/app-error';
import { acceptStaffInvite, inspectStaffInvite, INVITE_PROBLEM_TEXT } from '@server/staff/accept-staff-invite';
import { useState } from 'react';
import type { Route } from './+types/staff.invite.$token';

export function meta(_: Route.MetaArgs) {
  return [{ title: 'Staff invite | Wear Your Faith' }, { name: 'robots', content: 'noindex' }];
}

export function headers() {
  return { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const state = await inspectStaffInvite({ db: context.db, token: params.token });
  if (state.status !== 'valid') {
    return data(
      { invite: null, problem: INVITE_PROBLEM_TEXT[state.status], signedInEmail: null },
      { status: state.status === 'invalid' ? 404 : 410 },
    );
  }
  const account = await context.staffAuth.getSignedInAccount(request);
  return {
    invite: {
      email: state.email,
      role: state.role,
      invitedBy: state.invitedBy,
      expiresAt: state.expiresAt.toISOString(),
      hasAccount: state.hasAccount,
    },
    problem: null,
    signedInEmail: account?.email ?? null,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  const text = (name: string) => {
    const value = form?.get(name);
    return typeof value === 'string' ? value : '';
  };
  const account = await context.staffAuth.getSignedInAccount(request);
  try {
    const result = await acceptStaffInvite({
      db: context.db,
      token: params.token,
      signedIn: account ? { id: account.userId, email: account.email } : null,
      newAccount: account ? undefined : { name: text('name'), password: text('password') },
      hashPassword: (password) => context.staffAuth.hashPassword(password),
    });
    context.logger.info({ email: result.email, role: result.role }, 'staff invite accepted');
    if (result.createdAccount) {
      // Signed in at once with the password just chosen, then on to the two-factor set-up.
      const cookies = await context.staffAuth.signIn({
        email: result.email,
        password: text('password'),
        headers: request.headers,
      });
      const headers = new Headers();
      for (const cookie of cookies.getSetCookie()) headers.append('Set-Cookie', cookie);
      return redirect('/staff/setup', { headers });
    }
    return redirect('/staff/setup');
  } catch (error) {
    if (error instanceof AppError && error.status < 500)
      return data({ error: error.message }, { status: error.status });
    throw error;
  }
}

export default function StaffInvitePage({ loaderData, actionData }: Route.ComponentProps) {
  const { invite, problem, signedInEmail } = loaderData;
  const { token } = useParams();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const error = actionData && 'error' in actionData ? actionData.error : null;

  return (
    <main className="mx-auto max-w-md px-4 py-12 sm:py-20">
      <div className="rounded-3xl border border-line bg-white p-6 shadow-sm sm:p-10">
        <h1 className="text-3xl font-semibold tracking-tight">Join the team</h1>
        {!invite ? (
          <div role="alert" className="mt-6 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">
            <p className="font-semibold">This invite cannot be used</p>
            <p className="mt-1">{problem}</p>
            <Link to="/" className="mt-3 inline-block font-medium text-brand-700 hover:underline">
              Return to Home
            </Link>
          </div>
        ) : (
          <>
            <p className="mt-3 text-muted">
              {inviterName(invite.invitedBy)} invited <strong className="text-ink">{invite.email}</strong> to help run
              the shop as <strong className="text-ink">{STAFF_ROLE_LABELS[invite.role]}</strong>.
            </p>
            <p className="mt-2 text-sm text-muted">{STAFF_ROLE_SUMMARIES[invite.role]}</p>
            <p className="mt-2 text-xs text-muted">
              The link works once and for {INVITE_TTL_HOURS} hours. After this you set up two-factor sign-in with an
              authenticator app.
            </p>
            {error && (
              <p role="alert" className="mt-6 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">
                {error}
              </p>
            )}
            {signedInEmail ? (
              <Form method="post" className="mt-8 space-y-4">
                <p className="text-sm">
                  Signed in as <strong>{signedInEmail}</strong>.
                </p>
                <Button type="submit" variant="brand" className="w-full" disabled={busy}>
                  {busy && <Loader2 className="animate-spin" aria-hidden />}
                  Accept the invite
                </Button>
              </Form>
            ) : invite.hasAccount ? (
              <div className="mt-8 space-y-4 text-sm">
                <p>An account with this email exists. Sign in to it, then accept the invite.</p>
                <Link
                  to={`/auth?next=${encodeURIComponent(`/staff/invite/${token ?? ''}`)}`}
                  className="btn btn-brand w-full"
                >
                  Sign in to accept
                </Link>
              </div>
            ) : (
              <Form method="post" className="mt-8 space-y-5">
                <FormField
                  label="Email"
                  name="email"
                  autoComplete="email"
                  value={invite.email}
                  readOnly
                  onValueChange={() => undefined}
                />
                <FormField
                  label="Your name"
                  name="name"
                  autoComplete="name"
                  required
                  value={name}
                  onValueChange={setName}
                />
                <FormField
                  label="Choose a password"
                  name="password"
                  autoComplete="new-password"
                  required
                  minLength={MIN_PASSWORD_LENGTH}
                  hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
                  value={password}
                  onValueChange={setPassword}
                />
                <Button type="submit" variant="brand" className="w-full" disabled={busy}>
                  {busy && <Loader2 className="animate-spin" aria-hidden />}
                  Create account and accept
                </Button>
              </Form>
            )}
          </>
        )}
      </div>
    </main>
  );
}
