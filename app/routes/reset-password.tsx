/** /reset-password?token=...: the page the e-mailed reset link leads to (through /api/auth/reset-password/:token). */
import { Loader2 } from '~/components/ui/icons';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FormField } from '~/components/account/form-field';
import { Button } from '~/components/ui/button';
import { postAuth } from '~/lib/auth-client';
import { notify } from '~/lib/notify';
import { AUTH_TEXTS, MIN_PASSWORD_LENGTH, authResponseFeedback } from '@domain/auth-feedback';
import type { Route } from './+types/reset-password';

export function meta(_: Route.MetaArgs) {
  return [{ title: 'Reset password | Wear Your Faith' }];
}

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const invalid = !token || Boolean(params.get('error'));
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password.length < MIN_PASSWORD_LENGTH) return setError(AUTH_TEXTS.weakPassword);
    if (password !== confirm) return setError(AUTH_TEXTS.passwordsDoNotMatch);
    setError(null);
    setBusy(true);
    const answer = await postAuth('/reset-password', { newPassword: password, token });
    setBusy(false);
    if (answer.status >= 200 && answer.status < 300) {
      setDone(true);
      notify({ title: AUTH_TEXTS.passwordUpdatedTitle, description: AUTH_TEXTS.passwordUpdatedDescription, topic: 'auth' });
    } else if (answer.code === 'INVALID_TOKEN') {
      setError(AUTH_TEXTS.invalidLinkDescription);
    } else {
      setError(authResponseFeedback('signUp', answer).description ?? null);
    }
  };

  return (
    <main className="mx-auto max-w-md px-4 py-12 sm:py-20">
      <div className="rounded-3xl border border-line bg-white p-6 shadow-sm sm:p-10">
        <h1 className="text-3xl font-semibold tracking-tight">Choose a new password</h1>
        {invalid ? (
          <div role="alert" className="mt-6 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">
            <p className="font-semibold">{AUTH_TEXTS.invalidLinkTitle}</p>
            <p className="mt-1">{AUTH_TEXTS.invalidLinkDescription}</p>
            <Link to="/auth?mode=forgot" className="mt-3 inline-block font-medium text-brand-700 hover:underline">
              {AUTH_TEXTS.forgotPassword}
            </Link>
          </div>
        ) : done ? (
          <div role="status" className="mt-6 rounded-xl border border-brand-200 bg-brand-50 p-4 text-sm text-brand-900">
            <p className="font-semibold">{AUTH_TEXTS.passwordUpdatedTitle}</p>
            <p className="mt-1">{AUTH_TEXTS.passwordUpdatedDescription}</p>
            <Link to="/auth" className="mt-3 inline-block font-medium text-brand-700 hover:underline">
              Sign in
            </Link>
          </div>
        ) : (
          <form className="mt-8 space-y-5" onSubmit={submit} noValidate>
            <FormField
              label="New password"
              autoComplete="new-password"
              hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
              value={password}
              onValueChange={setPassword}
            />
            <FormField
              label="Confirm new password"
              autoComplete="new-password"
              value={confirm}
              onValueChange={setConfirm}
            />
            {error && (
              <p role="alert" className="text-sm text-red-700">
                {error}
              </p>
            )}
            <Button type="submit" variant="brand" className="w-full" disabled={busy}>
              {busy && <Loader2 className="animate-spin" aria-hidden />}
              Update password
            </Button>
          </form>
        )}
      </div>
    </main>
  );
}
