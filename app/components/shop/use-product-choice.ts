import { useState } from 'react';
import { cartItemId, DEFAULT_COLOR, DEFAULT_SIZE } from '@domain/cart';
import * as MESSAGES from '@domain/messages';
import {
  addToCartButtonState,
  isOnSale,
  resolveVariant,
  soldOutChoices,
  validateCardSelection,
} from '@domain/product-card';
import { lowStockNote, notEnoughStockMessage, unitsAddable, variantKey } from '@domain/stock';
import type { CardProduct } from '@domain/storefront-product';
import { useCart } from '~/lib/cart-store';
import { notify } from '~/lib/notify';
import { startExternalCheckout } from '~/lib/shopify-checkout';

/** How a choice that cannot be bought is marked in swatches, selects and size buttons. */
export const SOLD_OUT = 'sold out';

/** 'Pink' or 'Pink (sold out)': a choice as the selects and screen readers name it. */
export function choiceLabel(name: string, soldOut: Set<string>): string {
  return soldOut.has(name) ? `${name} (${SOLD_OUT})` : name;
}

/**
 * A shopper's choice of colour and size on a card or the product page, and adding it to the
 * cart: the one place that resolves the chosen variant (its price, sale, stock note, sold-out
 * choices, the button's state) and runs SPEC §5's add-to-cart checks and §8's toasts. Our own
 * products go to the cart; external (Shopify) products open the external checkout in a new
 * tab (SPEC §4 "Add to cart on a card (external-shop products)").
 */
export function useProductChoice(product: CardProduct, initial: { color: string | null; size: string | null }) {
  const cart = useCart();
  const [color, setColor] = useState(initial.color);
  const [size, setSize] = useState(initial.size);
  const [isAdding, setIsAdding] = useState(false);

  const chosen = resolveVariant(product, { color, size });
  const left = chosen.available ? (chosen.variant?.left ?? null) : null;

  function refuse(): boolean {
    const problem = validateCardSelection({ colors: product.colors, sizes: product.sizes, color, size });
    if (problem) {
      notify({ title: problem, variant: 'destructive', topic: 'cart' });
      return true;
    }
    if (!chosen.available || (product.source === 'external' && !chosen.variant?.id)) {
      notify({
        title: MESSAGES.unavailableTitle,
        description: MESSAGES.outOfStockDescription,
        variant: 'destructive',
        topic: 'cart',
      });
      return true;
    }
    return false;
  }

  async function openExternalCheckout(variantId: string) {
    setIsAdding(true);
    // Opened synchronously inside the click, so popup blockers allow it.
    const tab = window.open('', '_blank');
    try {
      const url = await startExternalCheckout(variantId);
      if (tab) tab.location.href = url;
      else window.location.assign(url);
    } catch (error) {
      tab?.close();
      console.error('External checkout failed', error);
      notify({ title: MESSAGES.errorTitle, description: MESSAGES.hostedCheckoutFailed, variant: 'destructive', topic: 'cart' });
    } finally {
      setIsAdding(false);
    }
  }

  /** Adds `quantity` of the choice (one per click on a card, SPEC §9), shown with `image`. */
  async function addToCart(options: { image: string | null; quantity?: number }) {
    if (refuse()) return;
    if (product.source === 'external') return openExternalCheckout(chosen.variant!.id!);
    try {
      const line = {
        id: cartItemId(product.title, color, size),
        productId: product.productId ?? undefined,
        slug: product.slug ?? undefined,
        name: product.title,
        image: options.image ?? '',
        priceCents: chosen.priceCents,
        color,
        size,
      };
      const lineColor = color ?? DEFAULT_COLOR;
      const lineSize = size ?? DEFAULT_SIZE;
      // Never more than are left: the cart would promise what the checkout refuses.
      const inCart = cart.state.items
        .filter(
          (item) =>
            item.productId === (product.productId ?? undefined) &&
            variantKey(item.color, item.size) === variantKey(lineColor, lineSize),
        )
        .reduce((sum, item) => sum + item.quantity, 0);
      const wanted = options.quantity ?? 1;
      const addable = unitsAddable({ left, inCart, wanted });
      for (let added = 0; added < addable; added += 1) cart.add(line);
      if (addable < wanted) {
        notify({
          title: notEnoughStockMessage({ name: product.title, color: lineColor, size: lineSize, available: left ?? 0 }),
          description: MESSAGES.inYourCart(inCart + addable),
          variant: 'destructive',
          topic: 'cart',
        });
        return;
      }
      notify({
        title: MESSAGES.addedToCart(product.title),
        description: MESSAGES.addedToCartDescription(lineColor, lineSize),
        topic: 'cart',
        action: { label: MESSAGES.viewCart, href: '/cart' },
      });
    } catch (error) {
      console.error('Add to cart failed', error);
      notify({ title: MESSAGES.addToCartFailed, variant: 'destructive', topic: 'cart' });
    }
  }

  return {
    color,
    setColor,
    size,
    setSize,
    chosen,
    /** Units left of the chosen variant when it is tracked and available. */
    left,
    stockNote: lowStockNote(left),
    onSale: isOnSale(chosen.priceCents, chosen.originalPriceCents),
    soldOut: soldOutChoices(product, color),
    button: addToCartButtonState({ isAdding, available: chosen.available }),
    addToCart,
  };
}
