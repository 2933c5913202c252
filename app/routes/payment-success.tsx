/**
 * /payment-success (SPEC §2): the spec's texts, 'Order reference' with the session_id, the
 * cart cleared on load; for a known session also the order number and total, read on the server.
 */
import CheckCircle2 from 'lucide-react/icons/circle-check';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { MESSAGES } from '@domain/messages';
import { formatCents } from '@domain/money';
import { getHostedSession } from '@server/payments/get-hosted-session';
import { Button } from '~/components/ui/button';
import { useCart } from '~/lib/cart-store';
import type { Route } from './+types/payment-success';

export function meta() {
  return [{ title: 'Payment Successful | Wear Your Faith' }, { name: 'robots', content: 'noindex' }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const sessionId = new URL(request.url).searchParams.get('session_id')?.trim() || null;
  if (!sessionId) return { sessionId: null, details: null };
  const session = await getHostedSession({ db: context.db, sessionId, logger: context.logger });
  if (!session) return { sessionId, details: null };
  return {
    sessionId,
    details: session.order
      ? {
          kind: 'order' as const,
          orderNumber: session.order.orderNumber,
          totalCents: session.order.totalCents,
          status: session.order.status,
        }
      : {
          kind: 'donation' as const,
          orderNumber: null,
          totalCents: session.totalCents,
          status: session.donation?.status ?? 'pending',
        },
  };
}

export default function PaymentSuccess({ loaderData }: Route.ComponentProps) {
  const { sessionId, details } = loaderData;
  const { clear } = useCart();
  useEffect(() => {
    // SPEC §4: the cart is cleared on the payment success screen.
    clear();
  }, [clear]);
  return (
    <main className="mx-auto flex max-w-2xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <CheckCircle2 aria-hidden="true" className="size-16 text-green-600" />
      <h1 className="mt-6 text-3xl font-semibold tracking-tight sm:text-4xl">{MESSAGES.paymentSuccessTitle}</h1>
      <p className="mt-4 text-lg text-muted">{MESSAGES.paymentSuccessDescription}</p>
      {sessionId || details ? (
        <dl className="mt-8 w-full max-w-md space-y-3 rounded-2xl bg-surface p-6 text-left text-sm">
          {details?.orderNumber ? (
            <div className="flex justify-between gap-4">
              <dt className="text-muted">Order number</dt>
              <dd className="font-semibold" data-testid="order-number">
                {details.orderNumber}
              </dd>
            </div>
          ) : null}
          {details ? (
            <div className="flex justify-between gap-4">
              <dt className="text-muted">{details.kind === 'donation' ? 'Donation' : 'Total'}</dt>
              <dd className="font-semibold tabular-nums" data-testid="order-total">
                {formatCents(details.totalCents)}
              </dd>
            </div>
          ) : null}
          {sessionId ? (
            <div className="flex flex-col gap-1">
              <dt className="text-muted">{MESSAGES.orderReference}</dt>
              <dd className="font-mono text-xs break-all" data-testid="order-reference">
                {sessionId}
              </dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      <div className="mt-10 flex flex-col gap-3 sm:flex-row">
        <Button asChild size="lg">
          <Link to="/">{MESSAGES.continueShopping}</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/new-arrivals">{MESSAGES.viewNewArrivals}</Link>
        </Button>
      </div>
    </main>
  );
}
