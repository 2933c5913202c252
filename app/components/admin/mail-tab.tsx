import { MAIL_RETRY_TEXTS } from '@domain/mail-retry';
import { useMutation, useQuery, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import type { AdminMail, AdminMailMessage } from '@domain/admin-contract';
import { SHOP_TIME_ZONE } from '@domain/dates';
import { Mail, RefreshCw, TriangleAlert } from '~/components/ui/icons';
import { Button } from '~/components/ui/button';
import { adminGet, adminSend, isAdminSessionError } from '~/lib/admin/admin-api';
import { ApiError } from '~/lib/json-api';
import { notify } from '~/lib/notify';

const MAIL_KEY = ['admin', 'mail'];

const dateTime = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: SHOP_TIME_ZONE,
  timeZoneName: 'short',
});

const attemptsText = (attempts: number) => `${attempts} ${attempts === 1 ? 'attempt' : 'attempts'}`;

/**
 * Mail tab (issue 30 item 1, decision 029): the e-mails the shop gave up after 24 hours of
 * retries, each with "Send again", and those waiting for their next try.
 */
export function MailTab() {
  const queryClient = useQueryClient();
  // Refreshed every few seconds: a message tried again leaves the list once it is sent.
  const mail = useQuery({
    queryKey: MAIL_KEY,
    queryFn: () => adminGet<AdminMail>('/api/admin/mail'),
    refetchInterval: 5_000,
  });
  const sendAgain = useMutation({
    mutationFn: (message: AdminMailMessage) => adminSend<{ queued: true }>(`/api/admin/mail/${message.id}`, 'POST'),
    onSuccess: (_answer, message) => notify({ title: 'Email queued again', description: `To ${message.to}` }),
    onError: (error) =>
      notify({
        title: 'The email was not queued',
        description: error instanceof ApiError ? error.message : undefined,
        variant: 'destructive',
      }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: MAIL_KEY });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'stats'] });
    },
  });
  const data = mail.data;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      {mail.isError && !isAdminSessionError(mail.error) && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-700">
          Failed to fetch the mail queue
        </p>
      )}
      <section aria-labelledby="mail-failed-heading" className="rounded-xl border border-line bg-white p-4 sm:p-5">
        <h2 id="mail-failed-heading" className="mb-1 text-lg font-semibold">
          Not sent{data ? ` (${data.failedCount})` : ''}
        </h2>
        <p className="mb-4 text-sm text-muted">{MAIL_RETRY_TEXTS.failedIntro}</p>
        {data?.failed.length === 0 && (
          <p className="py-6 text-center text-sm text-muted">Every email has been sent or is still being tried.</p>
        )}
        <ul className="divide-y divide-line">
          {data?.failed.map((message) => (
            <li
              key={message.id}
              className="grid gap-3 py-3 sm:grid-cols-[1fr_auto] sm:items-center"
              data-testid="mail-failed-row"
            >
              <MessageLines message={message} />
              <SendAgainButton message={message} sendAgain={sendAgain} label="Send again" />
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="mail-retrying-heading" className="rounded-xl border border-line bg-white p-4 sm:p-5">
        <h2 id="mail-retrying-heading" className="mb-1 text-lg font-semibold">
          Waiting to be tried again{data ? ` (${data.retryingCount})` : ''}
        </h2>
        <p className="mb-4 text-sm text-muted">{MAIL_RETRY_TEXTS.schedule}</p>
        {data?.retrying.length === 0 && <p className="py-6 text-center text-sm text-muted">Nothing is waiting.</p>}
        <ul className="divide-y divide-line">
          {data?.retrying.map((message) => (
            <li
              key={message.id}
              className="grid gap-3 py-3 sm:grid-cols-[1fr_auto] sm:items-center"
              data-testid="mail-retrying-row"
            >
              <MessageLines message={message} />
              <SendAgainButton message={message} sendAgain={sendAgain} label="Try now" />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

function SendAgainButton({
  message,
  sendAgain,
  label,
}: {
  message: AdminMailMessage;
  sendAgain: UseMutationResult<unknown, Error, AdminMailMessage>;
  label: string;
}) {
  return (
    <Button
      variant="outline"
      size="sm"
      className="h-10! justify-self-start"
      aria-label={`${label}: ${message.subject} to ${message.to}`}
      disabled={sendAgain.isPending && sendAgain.variables?.id === message.id}
      onClick={() => sendAgain.mutate(message)}
    >
      <RefreshCw className="size-4" aria-hidden /> {label}
    </Button>
  );
}

function MessageLines({ message }: { message: AdminMailMessage }) {
  return (
    <div className="min-w-0">
      <p className="font-medium wrap-anywhere">{message.subject}</p>
      <p className="text-sm wrap-anywhere text-muted">
        To {message.to} · queued {dateTime.format(new Date(message.createdAt))} · {attemptsText(message.attempts)}
        {message.nextAttemptAt ? ` · next try ${dateTime.format(new Date(message.nextAttemptAt))}` : ''}
      </p>
      {message.lastError && <p className="text-sm wrap-anywhere text-red-700">{message.lastError}</p>}
    </div>
  );
}

/** The dashboard's count of e-mails given up, with the way to the Mail tab. */
export function FailedMailWarning({ count, onOpenMail }: { count: number; onOpenMail: () => void }) {
  if (count === 0) return null;
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800"
      data-testid="failed-mail-warning"
    >
      <p className="flex min-w-0 items-start gap-2">
        <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>{MAIL_RETRY_TEXTS.dashboardCount(count)}</span>
      </p>
      <Button variant="outline" size="sm" onClick={onOpenMail}>
        <Mail className="size-4" aria-hidden /> Open Mail
      </Button>
    </div>
  );
}
