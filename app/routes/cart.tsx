/**
 * /cart (SPEC §2 Cart): the lines, the order summary with coupon, optional e-mail, points
 * (signed-in customers with a balance) and 'Proceed to Checkout'. The loader reads the
 * viewer, their spendable points and the redemption rate on the server; the cart itself
 * lives in the browser, and its prices are a display cache: on arrival the page asks the
 * server for a quote of its lines (POST /api/cart/quote, one request, the checkout's pricing)
 * and shows today's prices, a notice for each price that changed, and lines no longer
 * available marked and left out of the total and of checkout.
 */
import { ShoppingBag } from '~/components/ui/icons';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { priceCart } from '@domain/cart';
import {
  cartLineKey,
  QUOTE_MESSAGES,
  quoteRequestOf,
  reconcileQuote,
  sellableCart,
  type CartQuote,
  type PriceChange,
  type ReconciledQuote,
} from '@domain/cart-quote';
import { formatCents } from '@domain/money';
import * as CART_MESSAGES from '@domain/cart-messages';
import * as MESSAGES from '@domain/messages';
import { getSpendablePoints } from '@server/loyalty/ledger';
import { CartLineItem } from '~/components/cart/cart-line-item';
import { OrderSummary } from '~/components/cart/order-summary';
import { buttonClass } from '~/components/ui/button';
import { useCart } from '~/lib/cart-store';
import { notify } from '~/lib/notify';
import { ApiError, postJson } from '~/lib/json-api';
import { startCheckout } from '~/lib/start-checkout';
import type { Route } from './+types/cart';

export function meta() {
  return [
    { title: 'Shopping Cart | Wear Your Faith' },
    {
      name: 'description',
      content: 'Your Wear Your Faith shopping cart: review your items, apply a coupon and check out securely.',
    },
    { name: 'robots', content: 'noindex' },
  ];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await context.auth.getViewer(request);
  const pointsBalance = viewer ? await getSpendablePoints({ db: context.db, email: viewer.email }) : null;
  return { viewerEmail: viewer?.email ?? null, pointsBalance, redemptionRate: context.config.redemptionRate };
}

type QuoteState = {
  status: 'idle' | 'ready' | 'failed';
  changes: PriceChange[];
  unavailable: Map<string, string>;
  /** Lines already asked about (answered or failed): a new quote only for a line not among them. */
  asked: ReadonlySet<string>;
};

/**
 * Quotes the cart's lines once they are known, and again only when a line appears that was
 * not quoted (another tab added it); quantity changes and removals need no new quote.
 */
function useCartQuote(cart: ReturnType<typeof useCart>): QuoteState {
  const [quote, setQuote] = useState<QuoteState>({
    status: 'idle',
    changes: [],
    unavailable: new Map(),
    asked: new Set(),
  });
  const latest = useRef(0);
  const unasked = cart.state.items
    .map(cartLineKey)
    .filter((key) => !quote.asked.has(key))
    .join('\n');
  useEffect(
    () => () => {
      latest.current = -1; // unmounted: answers still on the way are dropped
    },
    [],
  );
  useEffect(() => {
    if (unasked === '') return;
    const state = cart.state;
    const sentKeys = state.items.map(cartLineKey);
    // Only the newest request's answer counts (it covers every line then in the cart).
    const request = ++latest.current;
    const settle = (next: Omit<QuoteState, 'asked'>) =>
      setQuote((previous) => ({ ...next, asked: new Set([...previous.asked, ...sentKeys]) }));
    postJson<CartQuote>('/api/cart/quote', quoteRequestOf(state), { fallbackMessage: QUOTE_MESSAGES.quoteFailed })
      .then((answer) => {
        if (request !== latest.current) return;
        let reconciled: ReconciledQuote | undefined;
        cart.rewriteItems((items) => {
          reconciled = reconcileQuote(items, sentKeys, answer);
          return reconciled.items;
        });
        if (!reconciled) return;
        settle({ status: 'ready', changes: reconciled.changes, unavailable: reconciled.unavailable });
      })
      .catch(() => {
        if (request !== latest.current) return;
        settle({ status: 'failed', changes: [], unavailable: new Map() });
      });
    // The quote follows the lines not yet asked about; the rest of the cart is read when it runs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [unasked]);
  return quote;
}

export default function CartPage({ loaderData }: Route.ComponentProps) {
  const cart = useCart();
  const [email, setEmail] = useState(loaderData.viewerEmail ?? '');
  const [isProcessing, setIsProcessing] = useState(false);
  const [pointsToRedeem, setPointsToRedeem] = useState(0);
  const balance = loaderData.pointsBalance;
  const redemptionRate = loaderData.redemptionRate;
  const quote = useCartQuote(cart);
  // Lines the server will not sell are shown, marked, but neither totalled nor checked out.
  const sellable = sellableCart(cart.state, quote.unavailable);
  const price = priceCart(sellable, { pointsToRedeem, pointsBalance: balance, redemptionRate });
  const changes = quote.changes.filter((change) => cart.state.items.some((item) => cartLineKey(item) === change.key));

  function applyCoupon(code: string): boolean {
    const result = cart.applyCoupon(code);
    if (result.ok) {
      notify({ title: CART_MESSAGES.couponAppliedTitle, description: MESSAGES.couponApplied(result.code), topic: 'coupon' });
      return true;
    }
    if (result.reason === 'unknown') {
      notify({
        title: CART_MESSAGES.invalidCouponTitle,
        description: CART_MESSAGES.invalidCouponDescription,
        variant: 'destructive',
        topic: 'coupon',
      });
    }
    return false;
  }

  async function checkout() {
    if (sellable.items.length === 0 || isProcessing) return;
    setIsProcessing(true);
    try {
      const { url } = await startCheckout(sellable, { email, pointsToRedeem: price.pointsRedeemed });
      window.location.assign(url);
    } catch (error) {
      // A refusal naming a line (400) says what to fix; anything else gets the spec's text.
      const specific = error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message;
      notify({
        title: CART_MESSAGES.checkoutErrorTitle,
        description: specific || CART_MESSAGES.checkoutErrorDescription,
        variant: 'destructive',
        topic: 'checkout',
      });
      setIsProcessing(false);
    }
  }

  if (cart.count === 0) {
    return (
      <main className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:py-16">
        {/* SPEC §2 Cart: the heading with its count, then the empty state. */}
        <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">
          {CART_MESSAGES.shoppingCart}{' '}
          <span className="text-lg font-normal text-muted">({MESSAGES.itemCountLabel(0)})</span>
        </h1>
        <div className="mx-auto flex max-w-2xl flex-col items-center py-16 text-center">
          <ShoppingBag aria-hidden="true" className="size-16 text-muted" />
          <h2 className="mt-6 text-2xl font-semibold tracking-tight">{CART_MESSAGES.cartEmpty}</h2>
          <Link to="/new-arrivals" className={buttonClass({ size: 'lg' }, 'mt-8')}>
            {CART_MESSAGES.continueShopping}
          </Link>
        </div>
      </main>
    );
  }

  return (
    <main className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:py-16">
      <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">
        {CART_MESSAGES.shoppingCart}{' '}
        <span className="text-lg font-normal text-muted" data-testid="cart-count">
          ({MESSAGES.itemCountLabel(cart.count)})
        </span>
      </h1>
      {changes.length > 0 || quote.unavailable.size > 0 || quote.status === 'failed' ? (
        <div
          role="status"
          data-testid="cart-notice"
          className="mt-6 rounded-2xl border border-amber-300 bg-amber-50 px-5 py-4 text-sm text-amber-950"
        >
          {changes.length > 0 ? (
            <>
              <p className="font-semibold">{QUOTE_MESSAGES.priceChangedTitle}</p>
              <ul className="mt-1 list-disc pl-5">
                {changes.map((change) => (
                  <li key={change.key} data-testid="price-changed">
                    {QUOTE_MESSAGES.priceChanged(change.name, change.unitPriceCents)}
                    {change.previousCents > 0 ? (
                      <span className="text-amber-800"> (was {formatCents(change.previousCents)})</span>
                    ) : null}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {quote.unavailable.size > 0 ? (
            <p className={changes.length > 0 ? 'mt-2 font-semibold' : 'font-semibold'}>
              {QUOTE_MESSAGES.linesUnavailableTitle}
            </p>
          ) : null}
          {quote.status === 'failed' ? <p>{QUOTE_MESSAGES.quoteFailed}</p> : null}
        </div>
      ) : null}
      <div className="mt-8 grid gap-10 lg:grid-cols-[minmax(0,1fr)_380px]">
        <section aria-label="Cart items">
          <ul className="divide-y divide-line border-y border-line">
            {cart.state.items.map((item) => (
              <CartLineItem
                key={`${item.id}|${item.color}|${item.size}`}
                item={item}
                unavailable={quote.unavailable.get(cartLineKey(item))}
                onQuantityChange={(quantity) => cart.updateQuantity(item.id, quantity)}
                onRemove={() => cart.remove(item.id)}
              />
            ))}
          </ul>
          <Link to="/new-arrivals" className="mt-6 inline-block text-sm font-medium text-brand-700 hover:underline">
            ← {CART_MESSAGES.continueShopping}
          </Link>
        </section>
        <OrderSummary
          price={price}
          couponCode={cart.state.couponCode}
          onApplyCoupon={applyCoupon}
          onRemoveCoupon={cart.removeCoupon}
          email={email}
          onEmailChange={setEmail}
          isProcessing={isProcessing}
          onCheckout={() => void checkout()}
          pointsBalance={balance}
          onPointsChange={setPointsToRedeem}
          redemptionRate={redemptionRate}
          nothingToCheckout={sellable.items.length === 0}
        />
      </div>
    </main>
  );
}
