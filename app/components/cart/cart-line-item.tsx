import { Minus, Plus, Trash2 } from '~/components/ui/icons';
import type { CartItem } from '@domain/cart';
import { CART_MAX_QUANTITY } from '@domain/cart';
import { QUOTE_MESSAGES } from '@domain/cart-quote';
import * as CART_MESSAGES from '@domain/cart-messages';
import { formatCents } from '@domain/money';
import { ProductThumbnail } from '~/components/shop/product-image';
import { Button } from '~/components/ui/button';

/** One cart line (SPEC §2 Cart): image, name, colour, size, minus/plus, remove, line total, 'each'. */
export function CartLineItem({
  item,
  onQuantityChange,
  onRemove,
  unavailable,
}: {
  item: CartItem;
  /** Set when the server no longer sells this line: marked, and left out of the total and checkout. */
  unavailable?: string | undefined;
  onQuantityChange: (quantity: number) => void;
  onRemove: () => void;
}) {
  const href = item.slug ? `/products/${item.slug}` : undefined;
  const name = href ? (
    <a href={href} className="hover:text-brand-700 hover:underline">
      {item.name}
    </a>
  ) : (
    item.name
  );
  return (
    <li
      className="flex gap-3 py-6 sm:gap-4"
      data-testid="cart-line"
      data-unavailable={unavailable ? 'true' : undefined}
    >
      {/* A line left out of the order is dimmed by its picture only: its words keep their contrast. */}
      <div
        className={`size-20 shrink-0 overflow-hidden rounded-xl bg-surface min-[400px]:size-24 sm:size-28 ${unavailable ? 'opacity-50 grayscale' : ''}`}
      >
        {item.image ? <ProductThumbnail src={item.image} alt={item.name} size={112} className="size-full" /> : null}
      </div>
      <div className="flex min-w-0 flex-1 flex-col justify-between gap-3">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 className="font-semibold leading-snug">{name}</h3>
            <p className="mt-1 text-sm text-muted">
              Color: {item.color} · Size: {item.size}
            </p>
            {unavailable ? (
              <p className="mt-1 text-sm font-medium text-red-700" data-testid="line-unavailable" title={unavailable}>
                {QUOTE_MESSAGES.lineUnavailable}
              </p>
            ) : null}
          </div>
          <div className={`text-right ${unavailable ? 'line-through' : ''}`}>
            <p className="font-semibold tabular-nums" data-testid="line-total">
              {formatCents(item.priceCents * item.quantity)}
            </p>
            {item.quantity > 1 ? (
              <p className="text-xs text-muted tabular-nums">
                {formatCents(item.priceCents)} {CART_MESSAGES.each}
              </p>
            ) : null}
          </div>
        </div>
        {/* Wraps on the narrowest phones (320 px): the Remove button goes under the quantity. */}
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
          <div
            className="inline-flex items-center rounded-full border border-line"
            role="group"
            aria-label={`Quantity of ${item.name}`}
          >
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label={`Decrease quantity of ${item.name}`}
              onClick={() => onQuantityChange(item.quantity - 1)}
            >
              <Minus aria-hidden="true" />
            </Button>
            <span
              className="w-8 text-center text-sm font-medium tabular-nums"
              aria-live="polite"
              data-testid="line-quantity"
            >
              {item.quantity}
            </span>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label={`Increase quantity of ${item.name}`}
              disabled={item.quantity >= CART_MAX_QUANTITY}
              onClick={() => onQuantityChange(item.quantity + 1)}
            >
              <Plus aria-hidden="true" />
            </Button>
          </div>
          <Button type="button" variant="ghost" size="sm" onClick={onRemove} aria-label={`Remove ${item.name}`}>
            <Trash2 aria-hidden="true" /> Remove
          </Button>
        </div>
      </div>
    </li>
  );
}
