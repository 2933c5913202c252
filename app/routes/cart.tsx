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
import { priceCart } from '@domain/cart-price';
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
import { DISCOUNT_MESSAGES, type CouponVerdict } from '@domain/discount';
import { formatCents } from '@domain/money';
import * as CART_MESSAGES from '@domain/cart-messages';
import * as MESSAGES from '@domain/messages';
import { normalizeCouponCode } from '@domain/coupon';
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

/** Takes the server's word on the active code into the cart: its terms, or out with a notice. */
function takeCouponVerdict(
  cart: ReturnType<typeof useCart>,
  verdict: CouponVerdict | undefined,
  onRemoved: (notice: string) => void,
) {
  if (!verdict || verdict.code !== cart.state.couponCode) return;
  if (verdict.status === 'applied') {
    cart.applyCoupon(verdict.terms);
    return;
  }
  cart.removeCoupon();
  const reason = verdict.status === 'refused' ? verdict.message : CART_MESSAGES.invalidCouponDescription;
  onRemoved(`${DISCOUNT_MESSAGES.removedNotice(verdict.code)}: ${reason}`);
}

/**
 * Quotes the cart's lines once they are known, and again only when a line appears that was
 * not quoted (another tab added it); quantity changes and removals need no new quote.
 */
function useCartQuote(
  cart: ReturnType<typeof useCart>,
  options: { email: string; onCouponRemoved: (notice: string) => void },
): QuoteState {
  const latestOptions = useRef(options);
  useEffect(() => {
    latestOptions.current = options;
  });
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
    const email = latestOptions.current.email.trim();
    postJson<CartQuote>(
      '/api/cart/quote',
      { ...quoteRequestOf(state), ...(email ? { email } : {}) },
      {
        fallbackMessage: QUOTE_MESSAGES.quoteFailed,
      },
    )
      .then((answer) => {
        if (request !== latest.current) return;
        // The saved code is checked again by the server (issue 26): one that stopped applying leaves the total.
        takeCouponVerdict(cart, answer.coupon, latestOptions.current.onCouponRemoved);
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
  const [couponNotice, setCouponNotice] = useState<string | null>(null);
  const quote = useCartQuote(cart, { email, onCouponRemoved: setCouponNotice });
  // Lines the server will not sell are shown, marked, but neither totalled nor checked out.
  const sellable = sellableCart(cart.state, quote.unavailable);
  const price = priceCart(sellable, { pointsToRedeem, pointsBalance: balance, redemptionRate });
  const changes = quote.changes.filter((change) => cart.state.items.some((item) => cartLineKey(item) === change.key));

  /**
   * SPEC §4 Apply coupon, asked of the server (issue 26): the same check as the checkout's, with
   * the sellable lines and the e-mail. Applied: 'Coupon Applied!' with the code's wording; a
   * known code that does not apply: its reason; unknown: 'Invalid Coupon'. Nothing changes unless applied.
   */
  async function applyCoupon(raw: string): Promise<boolean> {
    const invalid = () =>
      notify({
        title: CART_MESSAGES.invalidCouponTitle,
        description: CART_MESSAGES.invalidCouponDescription,
        variant: 'destructive',
        topic: 'coupon',
      });
    const code = normalizeCouponCode(raw);
    let verdict: CouponVerdict | undefined;
    try {
      const trimmedEmail = email.trim();
      const answer = await postJson<CartQuote>(
        '/api/cart/quote',
        { items: quoteRequestOf(sellable).items, couponCode: code, ...(trimmedEmail ? { email: trimmedEmail } : {}) },
        { fallbackMessage: CART_MESSAGES.invalidCouponDescription },
      );
      verdict = answer.coupon;
    } catch (error) {
      // A code that cannot be a code at all is a 400 'invalid-coupon': the same toast as an unknown one.
      if (error instanceof ApiError && error.code === 'invalid-coupon') invalid();
      else
        notify({
          title: CART_MESSAGES.checkoutErrorTitle,
          description: error instanceof Error ? error.message : String(error),
          variant: 'destructive',
          topic: 'coupon',
        });
      return false;
    }
    if (verdict?.status === 'applied') {
      cart.applyCoupon(verdict.terms);
      setCouponNotice(null);
      notify({ title: CART_MESSAGES.couponAppliedTitle, description: verdict.description, topic: 'coupon' });
      return true;
    }
    if (verdict?.status === 'refused') {
      notify({
        title: DISCOUNT_MESSAGES.refusedTitle,
        description: verdict.message,
        variant: 'destructive',
        topic: 'coupon',
      });
      return false;
    }
    invalid();
    return false;
  }

  async function checkout() {
    if (sellable.items.length === 0 || isProcessing) return;
    setIsProcessing(true);
    try {
      const { url } = await startCheckout(sellable, { email, pointsToRedeem: price.pointsRedeemed });
      window.location.assign(url);
    } catch (error) {
      // A code that stopped applying (paused, used up, expired) leaves the total, with its reason.
      if (
        error instanceof ApiError &&
        (error.code === 'coupon-refused' || error.code === 'invalid-coupon') &&
        cart.state.couponCode
      ) {
        setCouponNotice(
          `${DISCOUNT_MESSAGES.removedNotice(cart.state.couponCode)}: ${error.code === 'invalid-coupon' ? CART_MESSAGES.invalidCouponDescription : error.message}`,
        );
        cart.removeCoupon();
      }
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
      {couponNotice ? (
        <p
          role="status"
          data-testid="coupon-notice"
          className="mt-6 rounded-2xl border border-amber-300 bg-amber-50 px-5 py-4 text-sm font-semibold text-amber-950"
        >
          {couponNotice}
        </p>
      ) : null}
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
        <section aria-labelledby="cart-items-heading">
          {/* The lines' names are h3: their section has its h2, read by screen readers (axe: heading-order). */}
          <h2 id="cart-items-heading" className="sr-only">
            Cart items
          </h2>
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
