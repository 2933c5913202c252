import { useId, useRef, useState } from 'react';
import * as ADMIN_MESSAGES from '@domain/admin-messages';
import * as MESSAGES from '@domain/messages';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { requestAdminSession, writeAdminToken } from '~/lib/admin/admin-session';
import { notify } from '~/lib/notify';

/**
 * The passcode form of the Admin Access dialog (SPEC §2, §4, §5, §8): masked field, Cancel
 * and Access, 'Verifying...', Enter submits, everything disabled while verifying.
 */
export function AdminAccessForm({
  onGranted,
  onCancel,
  disabled = false,
}: {
  onGranted: (token: string) => void;
  onCancel: () => void;
  /** True until the page is interactive (the server-rendered gate). */
  disabled?: boolean;
}) {
  const [passcode, setPasscode] = useState('');
  const [isVerifying, setIsVerifying] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const fieldId = useId();

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (isVerifying) return;
    if (!passcode.trim()) {
      notify({ title: MESSAGES.errorTitle, description: ADMIN_MESSAGES.passcodeRequired, variant: 'destructive', topic: 'admin-access' });
      return;
    }
    setIsVerifying(true);
    try {
      const answer = await requestAdminSession(passcode);
      if (answer.ok) {
        writeAdminToken(answer.token);
        notify({ title: ADMIN_MESSAGES.accessGrantedTitle, description: ADMIN_MESSAGES.accessGrantedDescription, topic: 'admin-access' });
        setPasscode('');
        onGranted(answer.token);
      } else if (answer.status === 401) {
        notify({ title: ADMIN_MESSAGES.accessDeniedTitle, description: ADMIN_MESSAGES.passcodeInvalid, variant: 'destructive', topic: 'admin-access' });
        setPasscode('');
      } else {
        notify({
          title: MESSAGES.errorTitle,
          description: answer.status === 429 && answer.error ? answer.error : ADMIN_MESSAGES.passcodeVerifyFailed,
          variant: 'destructive',
          topic: 'admin-access',
        });
        setPasscode('');
      }
    } catch (error) {
      console.error('[admin] passcode check failed', error);
      notify({ title: MESSAGES.errorTitle, description: ADMIN_MESSAGES.passcodeVerifyFailed, variant: 'destructive', topic: 'admin-access' });
    } finally {
      setIsVerifying(false);
      requestAnimationFrame(() => inputRef.current?.focus());
    }
  }

  return (
    <form onSubmit={submit} className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor={fieldId}>Passcode</Label>
        <Input
          ref={inputRef}
          id={fieldId}
          type="password"
          autoComplete="current-password"
          value={passcode}
          onChange={(event) => setPasscode(event.target.value)}
          disabled={isVerifying || disabled}
          autoFocus
        />
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel} disabled={isVerifying || disabled}>
          {ADMIN_MESSAGES.cancel}
        </Button>
        <Button type="submit" variant="brand" disabled={isVerifying || disabled}>
          {isVerifying ? ADMIN_MESSAGES.verifying : ADMIN_MESSAGES.access}
        </Button>
      </div>
    </form>
  );
}
