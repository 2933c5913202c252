/**
 * /auth (SPEC §2): sign in or sign up, the benefits panel, 'Redirecting...' when a
 * session exists (the loader redirects on the server). Also: confirmation-link results
 * (?verified=1, ?error=...), resending the link, and 'Forgot password?'.
 */
import { Loader2 } from '~/components/ui/icons';
import { useId, useState } from 'react';
import { redirect } from 'react-router';
import { BenefitsPanel } from '~/components/account/benefits-panel';
import { FormField } from '~/components/account/form-field';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { postAuth } from '~/lib/auth-client';
import { notify } from '~/lib/notify';
import {
  AUTH_TEXTS,
  authResponseFeedback,
  validateAuthForm,
  type AuthFeedback,
  type AuthMode,
} from '@domain/auth-feedback';
import * as MESSAGES from '@domain/messages';
import { STAFF_SIGN_IN_TEXTS } from '@domain/staff-sign-in';
import type { Route } from './+types/auth';

export function meta(_: Route.MetaArgs) {
  return [{ title: 'Sign in | Wear Your Faith' }];
}

/** Where to go after signing in: only the staff pages send people here with ?next= (issue 27). */
function safeNext(value: string | null): string | null {
  return value && /^\/(staff|admin)(\/[A-Za-z0-9_\-/]*)?$/.test(value) ? value : null;
}

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const next = safeNext(url.searchParams.get('next'));
  const viewer = await context.auth.getViewer(request);
  if (viewer) throw redirect(next ?? '/');
  const link: 'verified' | 'invalid' | null = url.searchParams.get('error')
    ? 'invalid'
    : url.searchParams.get('verified') === '1'
      ? 'verified'
      : null;
  // /auth?mode=forgot opens the Forgot password form (an expired reset link sends there).
  const forgot = url.searchParams.get('mode') === 'forgot';
  return { link, redemptionRate: context.config.redemptionRate, next, forgot };
}

/** 'twoFactor': the password was right and the account asks for its second step (staff). */
type Mode = AuthMode | 'forgot' | 'twoFactor';

/** The link under the form: to the other form, or from Forgot back to sign in. */
const SWITCH_TEXTS: Record<Mode, string> = {
  signUp: MESSAGES.switchToSignIn,
  forgot: 'Back to sign in',
  twoFactor: 'Back to sign in',
  signIn: MESSAGES.switchToSignUp,
};

const CONFIRM_CALLBACK = '/auth?verified=1';

function show(feedback: AuthFeedback) {
  notify({ title: feedback.title, description: feedback.description, variant: feedback.variant, topic: 'auth' });
}

export default function AuthPage({ loaderData }: Route.ComponentProps) {
  const { link, redemptionRate, next, forgot } = loaderData;
  const [code, setCode] = useState('');
  const [useRecoveryCode, setUseRecoveryCode] = useState(false);
  const [mode, setMode] = useState<Mode>(forgot ? 'forgot' : 'signIn');
  const [busy, setBusy] = useState(false);
  const [redirecting, setRedirecting] = useState(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [notice, setNotice] = useState<{ title: string; description?: string; tone: 'info' | 'error' } | null>(() =>
    link === 'verified'
      ? { title: AUTH_TEXTS.emailConfirmedTitle, description: AUTH_TEXTS.emailConfirmedDescription, tone: 'info' }
      : link === 'invalid'
        ? { title: AUTH_TEXTS.invalidLinkTitle, description: AUTH_TEXTS.invalidLinkDescription, tone: 'error' }
        : null,
  );
  const [offerNewLink, setOfferNewLink] = useState(link === 'invalid');
  const formId = useId();

  const switchMode = (next: Mode) => {
    setMode(next);
    setOfferNewLink(false);
  };

  /**
   * Forgot password and Send a new link: e-mails a link to the address typed and says so in a
   * toast and in the notice above the form. True when it was sent.
   */
  const emailLink = async (
    path: string,
    body: Record<string, unknown>,
    sent: { title: string; description: string },
  ) => {
    if (!email.trim()) {
      notify({ title: MESSAGES.signInRequiredFields, variant: 'destructive', topic: 'auth' });
      return false;
    }
    setBusy(true);
    const answer = await postAuth(path, { email: email.trim(), ...body });
    setBusy(false);
    if (answer.status >= 200 && answer.status < 300) {
      notify({ ...sent, topic: 'auth' });
      setNotice({ ...sent, tone: 'info' });
      return true;
    }
    show(authResponseFeedback('signIn', answer));
    return false;
  };

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (mode === 'twoFactor') {
      await verifySecondStep();
      return;
    }
    if (mode === 'forgot') {
      const sent = await emailLink(
        '/request-password-reset',
        { redirectTo: '/reset-password' },
        { title: AUTH_TEXTS.resetRequestedTitle, description: AUTH_TEXTS.resetRequestedDescription },
      );
      if (sent) setMode('signIn');
      return;
    }
    const invalid = validateAuthForm(mode, { email, password });
    if (invalid) {
      show(invalid);
      return;
    }
    setBusy(true);
    try {
      if (mode === 'signUp') {
        const name = [firstName.trim(), lastName.trim()].filter(Boolean).join(' ') || email.trim();
        const answer = await postAuth('/sign-up/email', {
          email: email.trim(),
          password,
          name,
          firstName: firstName.trim(),
          lastName: lastName.trim(),
          callbackURL: CONFIRM_CALLBACK,
        });
        const feedback = authResponseFeedback('signUp', answer);
        show(feedback);
        if (answer.status >= 200 && answer.status < 300) {
          setNotice({ title: MESSAGES.checkEmailTitle, description: MESSAGES.checkEmailDescription, tone: 'info' });
          setPassword('');
          setMode('signIn');
        }
        return;
      }
      const answer = await postAuth<{ twoFactorRedirect?: boolean }>('/sign-in/email', { email: email.trim(), password });
      if (answer.status >= 200 && answer.status < 300 && answer.data?.twoFactorRedirect) {
        // Staff (issue 27): the password was right; the code from the authenticator app next.
        setMode('twoFactor');
        setCode('');
        setNotice(null);
        return;
      }
      if (answer.status >= 200 && answer.status < 300) {
        setRedirecting(true);
        window.location.assign(next ?? '/');
        return;
      }
      const feedback = authResponseFeedback('signIn', answer);
      show(feedback);
      setOfferNewLink(Boolean(feedback.offerNewLink));
      if (feedback.offerNewLink) {
        setNotice({ title: feedback.title, description: feedback.description, tone: 'error' });
      }
    } finally {
      setBusy(false);
    }
  };

  /** The second step of a staff sign-in: the authenticator's code, or one recovery code. */
  const verifySecondStep = async () => {
    const typed = code.replace(/\s+/g, '');
    if (!typed) {
      notify({ title: STAFF_SIGN_IN_TEXTS.codeRequired, variant: 'destructive', topic: 'auth' });
      return;
    }
    setBusy(true);
    try {
      const answer = await postAuth(useRecoveryCode ? '/two-factor/verify-backup-code' : '/two-factor/verify-totp', {
        code: typed,
      });
      if (answer.status >= 200 && answer.status < 300) {
        setRedirecting(true);
        window.location.assign(next ?? '/');
        return;
      }
      const feedback =
        // A lock of the account (not the network's limit) says so in its own message.
        (answer.status === 429 && answer.code !== 'ACCOUNT_TEMPORARILY_LOCKED') || answer.status === 0
          ? authResponseFeedback('signIn', answer)
          : { title: STAFF_SIGN_IN_TEXTS.codeRefusedTitle, description: answer.message ?? STAFF_SIGN_IN_TEXTS.codeRefused, variant: 'destructive' as const };
      show(feedback);
      setNotice({ title: feedback.title, description: feedback.description, tone: 'error' });
      setCode('');
    } finally {
      setBusy(false);
    }
  };

  const sendNewLink = async () => {
    const sent = await emailLink(
      '/send-verification-email',
      { callbackURL: CONFIRM_CALLBACK },
      { title: AUTH_TEXTS.verificationSentTitle, description: AUTH_TEXTS.verificationSentDescription },
    );
    if (sent) setOfferNewLink(false);
  };

  if (redirecting) {
    return (
      <main className="grid min-h-[60vh] place-items-center px-4">
        <p className="flex items-center gap-3 text-lg text-muted" role="status">
          <Loader2 className="size-5 animate-spin" aria-hidden />
          {MESSAGES.redirecting}
        </p>
      </main>
    );
  }

  const heading =
    mode === 'signUp'
      ? 'Create your account'
      : mode === 'forgot'
        ? 'Reset your password'
        : mode === 'twoFactor'
          ? STAFF_SIGN_IN_TEXTS.heading
          : 'Welcome back';
  const intro =
    mode === 'signUp'
      ? 'Sign up to earn loyalty points on every order.'
      : mode === 'forgot'
        ? 'Enter your email and we will send you a link to choose a new password.'
        : mode === 'twoFactor'
          ? useRecoveryCode
            ? STAFF_SIGN_IN_TEXTS.recoveryIntro
            : STAFF_SIGN_IN_TEXTS.codeIntro
          : 'Sign in to see your loyalty points and orders.';
  const submitLabel =
    mode === 'signUp' ? 'Sign Up' : mode === 'forgot' ? 'Send reset link' : mode === 'twoFactor' ? STAFF_SIGN_IN_TEXTS.verify : 'Sign In';

  return (
    <main className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-2 lg:items-start lg:gap-16 lg:py-20">
      <section
        aria-labelledby={`${formId}-title`}
        className="rounded-3xl border border-line bg-white p-6 shadow-sm sm:p-10"
      >
        <h1 id={`${formId}-title`} className="text-3xl font-semibold tracking-tight">
          {heading}
        </h1>
        <p className="mt-2 text-muted">{intro}</p>

        {notice && (
          <div
            role={notice.tone === 'error' ? 'alert' : 'status'}
            className={`mt-6 rounded-xl border p-4 text-sm ${
              notice.tone === 'error'
                ? 'border-red-200 bg-red-50 text-red-900'
                : 'border-brand-200 bg-brand-50 text-brand-900'
            }`}
          >
            <p className="font-semibold">{notice.title}</p>
            {notice.description && <p className="mt-1">{notice.description}</p>}
          </div>
        )}

        <form className="mt-8 space-y-5" onSubmit={submit} noValidate aria-busy={busy}>
          {mode === 'twoFactor' && (
            <>
              <FormField
                key={useRecoveryCode ? 'recovery' : 'totp'}
                label={useRecoveryCode ? STAFF_SIGN_IN_TEXTS.recoveryLabel : STAFF_SIGN_IN_TEXTS.codeLabel}
                name="code"
                autoComplete="one-time-code"
                inputMode={useRecoveryCode ? 'text' : 'numeric'}
                autoFocus
                required
                value={code}
                onValueChange={setCode}
              />
              <button
                type="button"
                className="text-sm font-medium text-brand-700 hover:underline"
                onClick={() => {
                  setUseRecoveryCode(!useRecoveryCode);
                  setCode('');
                }}
              >
                {useRecoveryCode ? STAFF_SIGN_IN_TEXTS.useApp : STAFF_SIGN_IN_TEXTS.useRecovery}
              </button>
            </>
          )}
          {mode === 'signUp' && (
            <div className="grid gap-5 sm:grid-cols-2">
              <FormField label="First name" name="firstName" autoComplete="given-name" value={firstName} onValueChange={setFirstName} />
              <FormField label="Last name" name="lastName" autoComplete="family-name" value={lastName} onValueChange={setLastName} />
            </div>
          )}
          {mode !== 'twoFactor' && (
            <FormField label="Email" name="email" autoComplete="email" required value={email} onValueChange={setEmail} />
          )}
          {mode !== 'forgot' && mode !== 'twoFactor' && (
            <div className="space-y-2">
              <Label htmlFor={`${formId}-password`}>Password</Label>
              <Input
                id={`${formId}-password`}
                name="password"
                type="password"
                autoComplete={mode === 'signUp' ? 'new-password' : 'current-password'}
                required
                minLength={mode === 'signUp' ? 8 : undefined}
                aria-describedby={mode === 'signUp' ? `${formId}-password-hint` : undefined}
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
              {mode === 'signUp' && (
                <p id={`${formId}-password-hint`} className="text-xs text-muted">
                  At least 8 characters.
                </p>
              )}
              {/* Under the field, so the keyboard reaches the password before it (it sat in between). */}
              {mode === 'signIn' && (
                <div className="flex justify-end">
                  <button
                    type="button"
                    className="text-sm font-medium text-brand-700 hover:underline"
                    onClick={() => switchMode('forgot')}
                  >
                    {AUTH_TEXTS.forgotPassword}
                  </button>
                </div>
              )}
            </div>
          )}
          <Button type="submit" variant="brand" className="w-full" disabled={busy}>
            {busy && <Loader2 className="animate-spin" aria-hidden />}
            {submitLabel}
          </Button>
        </form>

        {offerNewLink && (
          <Button type="button" variant="outline" className="mt-3 w-full" onClick={sendNewLink} disabled={busy}>
            Send a new link
          </Button>
        )}

        <div className="mt-8 border-t border-line pt-6 text-center text-sm">
          <button
            type="button"
            className="font-medium text-brand-700 hover:underline"
            onClick={() => {
              setUseRecoveryCode(false);
              switchMode(mode === 'signIn' ? 'signUp' : 'signIn');
            }}
          >
            {SWITCH_TEXTS[mode]}
          </button>
        </div>
      </section>
      <BenefitsPanel redemptionRate={redemptionRate} />
    </main>
  );
}
