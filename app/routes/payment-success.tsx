/**
 * /payment-success (SPEC §2): 'Payment Successful!' only for a paid order, with the order
 * number, total and 'Order reference', and the cart cleared on load (SPEC §4). A paid
 * donation gets a thank-you for the gift and leaves the cart alone. Anything else (a made-up,
 * unpaid or expired session) gets a neutral page with no order data, and the cart is kept.
 * The server decides which (server/orders/confirm-payment: a paid Stripe session whose
 * webhook has not arrived yet is completed there).
 */
import { CheckCircle2, HeartHandshake, Info } from '~/components/ui/icons';
import { useEffect } from 'react';
import { Link } from 'react-router';
import * as CART_MESSAGES from '@domain/cart-messages';
import * as MESSAGES from '@domain/messages';
import { LIFECYCLE_MESSAGES } from '@domain/order-lifecycle';
import { formatCents } from '@domain/money';
import { confirmPayment, type PaymentConfirmation } from '@server/orders/confirm-payment';
import { buttonClass } from '~/components/ui/button';
import { useCart } from '~/lib/cart-store';
import { forgetOpenCheckout } from '~/lib/start-checkout';
import type { Route } from './+types/payment-success';

export function meta({ data }: Route.MetaArgs) {
  const status =
    data?.confirmation.status === 'paid' ? data.confirmation.purpose : (data?.confirmation.status ?? 'not-paid');
  const title =
    status === 'order'
      ? 'Payment Successful'
      : status === 'donation'
        ? 'Thank You'
        : status === 'order-cancelled'
          ? LIFECYCLE_MESSAGES.paymentForCancelledOrderTitle
          : 'Payment Not Confirmed';
  return [{ title: `${title} | Wear Your Faith` }, { name: 'robots', content: 'noindex' }];
}

export async function loader({ url, context }: Route.LoaderArgs) {
  const sessionId = url.searchParams.get('session_id')?.trim() || null;
  const confirmation: PaymentConfirmation = sessionId
    ? await confirmPayment({
        db: context.db,
        provider: context.paymentProvider,
        logger: context.logger,
        mail: context.mail,
        publicUrl: context.config.publicUrl,
        sessionId,
      })
    : { status: 'not-paid' };
  return { sessionId: confirmation.status === 'paid' ? sessionId : null, confirmation };
}

function ClearCartOnLoad() {
  const { clear } = useCart();
  useEffect(() => {
    // SPEC §4: the cart is cleared on the payment success screen; its checkout is done.
    clear();
    forgetOpenCheckout();
  }, [clear]);
  return null;
}

function ResultPage(props: {
  icon: React.ReactNode;
  title: string;
  description: string;
  children?: React.ReactNode;
  actions: { to: string; label: string }[];
  testId?: string;
}) {
  return (
    <main
      className="mx-auto flex max-w-2xl flex-col items-center px-4 py-16 text-center sm:py-24"
      data-testid={props.testId}
    >
      {props.icon}
      <h1 className="mt-6 text-3xl font-semibold tracking-tight sm:text-4xl">{props.title}</h1>
      <p className="mt-4 text-lg text-muted">{props.description}</p>
      {props.children ? (
        <dl className="mt-8 w-full max-w-md space-y-3 rounded-2xl bg-surface p-6 text-left text-sm">
          {props.children}
        </dl>
      ) : null}
      <div className="mt-10 flex flex-col gap-3 sm:flex-row">
        {props.actions.map((action, index) => (
          <Link
            key={action.to}
            to={action.to}
            className={buttonClass({ size: 'lg', variant: index === 0 ? 'default' : 'outline' })}
          >
            {action.label}
          </Link>
        ))}
      </div>
    </main>
  );
}

function Row({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-muted">{label}</dt>
      <dd className="font-semibold tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function Reference({ sessionId, label = CART_MESSAGES.orderReference }: { sessionId: string | null; label?: string }) {
  if (!sessionId) return null;
  return (
    <div className="flex flex-col gap-1">
      <dt className="text-muted">{label}</dt>
      <dd className="font-mono text-xs break-all" data-testid="order-reference">
        {sessionId}
      </dd>
    </div>
  );
}

/** Nothing was bought: back to the cart, or on with shopping. */
const RETRY_ACTIONS = [
  { to: '/cart', label: CART_MESSAGES.returnToCart },
  { to: '/', label: CART_MESSAGES.continueShopping },
];

const SHOP_ACTIONS = [
  { to: '/', label: CART_MESSAGES.continueShopping },
  { to: '/new-arrivals', label: MESSAGES.viewNewArrivals },
];

export default function PaymentSuccess({ loaderData }: Route.ComponentProps) {
  const { sessionId, confirmation } = loaderData;
  if (confirmation.status !== 'paid') {
    // Paid for an order that was cancelled first (it is refunded), or not paid at all.
    const isCancelled = confirmation.status === 'order-cancelled';
    return (
      <ResultPage
        testId={isCancelled ? 'payment-order-cancelled' : 'payment-not-confirmed'}
        icon={<Info aria-hidden="true" className="size-16 text-muted" />}
        title={isCancelled ? LIFECYCLE_MESSAGES.paymentForCancelledOrderTitle : CART_MESSAGES.paymentNotConfirmedTitle}
        description={
          isCancelled ? LIFECYCLE_MESSAGES.paymentForCancelledOrderDescription : CART_MESSAGES.paymentNotConfirmedDescription
        }
        actions={RETRY_ACTIONS}
      >
        {isCancelled ? <Row label="Order number" value={confirmation.orderNumber} testId="order-number" /> : null}
      </ResultPage>
    );
  }
  if (confirmation.purpose === 'donation') {
    const amount = formatCents(confirmation.amountCents);
    return (
      <ResultPage
        icon={<HeartHandshake aria-hidden="true" className="size-16 text-brand-600" />}
        title={CART_MESSAGES.donationThanksTitle}
        description={CART_MESSAGES.donationThanksDescription(amount)}
        actions={SHOP_ACTIONS}
      >
        <Row label="Donation" value={amount} testId="order-total" />
        <Reference sessionId={sessionId} label={CART_MESSAGES.donationReference} />
      </ResultPage>
    );
  }
  return (
    <>
      <ClearCartOnLoad />
      <ResultPage
        icon={<CheckCircle2 aria-hidden="true" className="size-16 text-green-600" />}
        title={CART_MESSAGES.paymentSuccessTitle}
        description={CART_MESSAGES.paymentSuccessDescription}
        actions={SHOP_ACTIONS}
      >
        <Row label="Order number" value={confirmation.orderNumber} testId="order-number" />
        <Row label="Total" value={formatCents(confirmation.totalCents)} testId="order-total" />
        <Reference sessionId={sessionId} />
      </ResultPage>
    </>
  );
}
