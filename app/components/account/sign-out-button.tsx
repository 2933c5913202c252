import { LogOut } from '~/components/ui/icons';
import { useState } from 'react';
import { postAuth } from '~/lib/auth-client';
import { notify } from '~/lib/notify';
import { cn } from '~/lib/utils';
import * as MESSAGES from '@domain/messages';

/** The header's sign-out icon: ends the session on the server, then reloads to /. */
export function SignOutButton({ className, withLabel = false }: { className?: string; withLabel?: boolean }) {
  const [busy, setBusy] = useState(false);
  const signOut = async () => {
    setBusy(true);
    const answer = await postAuth('/sign-out', {});
    if (answer.status >= 200 && answer.status < 300) {
      window.location.assign('/');
      return;
    }
    setBusy(false);
    notify({ title: MESSAGES.unexpectedError, variant: 'destructive' });
  };
  return (
    <button
      type="button"
      onClick={signOut}
      disabled={busy}
      aria-label={withLabel ? undefined : 'Sign out'}
      title="Sign out"
      className={cn(
        // A given className sets the layout (the header passes its icon-link look).
        className ??
          (withLabel
            ? 'inline-flex h-10 items-center gap-2 rounded-full border border-line px-4 text-sm font-semibold hover:bg-brand-50'
            : 'inline-flex items-center rounded-full p-2 hover:bg-brand-50'),
        'transition focus-visible:outline-2 focus-visible:outline-brand-500 disabled:opacity-50',
      )}
    >
      <LogOut className={withLabel ? 'size-4' : 'size-5'} aria-hidden />
      {withLabel && 'Sign out'}
    </button>
  );
}
