/**
 * /cart (SPEC §2 Cart): the lines, the order summary with coupon, optional e-mail, points
 * (signed-in customers with a balance) and 'Proceed to Checkout'. The loader reads the
 * viewer and their spendable points on the server; the cart itself lives in the browser.
 */
import { ShoppingBag } from '~/components/ui/icons';
import { useState } from 'react';
import { Link } from 'react-router';
import { priceCart } from '@domain/cart';
import { MESSAGES } from '@domain/messages';
import { getSpendablePoints } from '@server/loyalty/ledger';
import { CartLineItem } from '~/components/cart/cart-line-item';
import { OrderSummary } from '~/components/cart/order-summary';
import { Button } from '~/components/ui/button';
import { useCart } from '~/lib/cart-store';
import { notify } from '~/lib/notify';
import { ApiError } from '~/lib/json-api';
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
  return { viewerEmail: viewer?.email ?? null, pointsBalance };
}

export default function CartPage({ loaderData }: Route.ComponentProps) {
  const cart = useCart();
  const [email, setEmail] = useState(loaderData.viewerEmail ?? '');
  const [isProcessing, setIsProcessing] = useState(false);
  const [pointsToRedeem, setPointsToRedeem] = useState(0);
  const balance = loaderData.pointsBalance;

  const price = priceCart(cart.state, { pointsToRedeem, pointsBalance: balance });

  function applyCoupon(code: string): boolean {
    const result = cart.applyCoupon(code);
    if (result.ok) {
      notify({ title: MESSAGES.couponAppliedTitle, description: MESSAGES.couponApplied(result.code) });
      return true;
    }
    if (result.reason === 'unknown') {
      notify({
        title: MESSAGES.invalidCouponTitle,
        description: MESSAGES.invalidCouponDescription,
        variant: 'destructive',
      });
    }
    return false;
  }

  async function checkout() {
    if (cart.state.items.length === 0 || isProcessing) return;
    setIsProcessing(true);
    try {
      const { url } = await startCheckout(cart.state, { email, pointsToRedeem: price.pointsRedeemed });
      window.location.assign(url);
    } catch (error) {
      // A refusal naming a line (400) says what to fix; anything else gets the spec's text.
      const specific = error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message;
      notify({
        title: MESSAGES.checkoutErrorTitle,
        description: specific || MESSAGES.checkoutErrorDescription,
        variant: 'destructive',
      });
      setIsProcessing(false);
    }
  }

  if (cart.count === 0) {
    return (
      <main className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center">
        <ShoppingBag aria-hidden="true" className="size-16 text-muted" />
        <h1 className="mt-6 text-3xl font-semibold tracking-tight">{MESSAGES.cartEmpty}</h1>
        <Button asChild size="lg" className="mt-8">
          <Link to="/new-arrivals">{MESSAGES.continueShopping}</Link>
        </Button>
      </main>
    );
  }

  return (
    <main className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:py-16">
      <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">
        {MESSAGES.shoppingCart}{' '}
        <span className="text-lg font-normal text-muted" data-testid="cart-count">
          ({MESSAGES.itemCountLabel(cart.count)})
        </span>
      </h1>
      <div className="mt-8 grid gap-10 lg:grid-cols-[minmax(0,1fr)_380px]">
        <section aria-label="Cart items">
          <ul className="divide-y divide-line border-y border-line">
            {cart.state.items.map((item) => (
              <CartLineItem
                key={`${item.id}|${item.color}|${item.size}`}
                item={item}
                onQuantityChange={(quantity) => cart.updateQuantity(item.id, quantity)}
                onRemove={() => cart.remove(item.id)}
              />
            ))}
          </ul>
          <Link to="/new-arrivals" className="mt-6 inline-block text-sm font-medium text-brand-700 hover:underline">
            ← {MESSAGES.continueShopping}
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
        />
      </div>
    </main>
  );
}
