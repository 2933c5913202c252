import { ChevronLeft, ChevronRight } from '~/components/ui/icons';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { cartItemId, DEFAULT_COLOR, DEFAULT_SIZE } from '@domain/cart';
import * as MESSAGES from '@domain/messages';
import { formatCents } from '@domain/money';
import {
  addToCartButtonState,
  initialCardSelection,
  isOnSale,
  resolveVariant,
  selectImagesForColor,
  soldOutChoices,
  validateCardSelection,
  wrapIndex,
} from '@domain/product-card';
import { lowStockNote } from '@domain/stock';
import type { CardProduct } from '@domain/storefront-product';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { NativeSelect } from '~/components/ui/native-select';
import { useCart } from '~/lib/cart-store';
import { notify } from '~/lib/notify';
import { startExternalCheckout } from '~/lib/shopify-checkout';
import { cn } from '~/lib/utils';
import { FavoriteButton } from './favorite-button';
import { ProductImage } from './product-image';
import { swatchStyle } from './swatch-color';

/** How a choice that cannot be bought is marked in the swatches and selects. */
const SOLD_OUT = 'sold out';

export const CARD_IMAGE_SIZES =
  '(min-width: 1536px) 16vw, (min-width: 1280px) 20vw, (min-width: 1024px) 25vw, (min-width: 768px) 33vw, (min-width: 480px) 50vw, 100vw';

/** The collection grid: up to 5 columns, 6 on extra-large screens. SPEC §2 Product card */
export const PRODUCT_GRID_CLASS =
  'grid grid-cols-1 gap-x-5 gap-y-8 min-[480px]:grid-cols-2 md:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5 2xl:grid-cols-6';

/** The rating as one element (decision 019): five stars drawn by CSS, filled to the rating. */
export function Stars({ rating }: { rating: number }) {
  const filled = Math.max(0, Math.min(100, (rating / 5) * 100));
  return (
    <div className="flex items-center gap-1 text-xs text-muted">
      <span className="sr-only">Rated {rating.toFixed(1)} out of 5</span>
      <span className="rating-stars" style={{ '--rating': `${filled}%` } as React.CSSProperties} aria-hidden />
      <span aria-hidden>{rating.toFixed(1)}</span>
    </div>
  );
}

/**
 * The shared product card. SPEC §2 Product card, §4 Product card (image rules, preselection,
 * Sale badge), §5 and §8 (add-to-cart validation and toasts). Own and demo products go to the
 * one cart; external products open the external shop's hosted checkout in a new tab.
 */
export function ProductCard({ product, priority = false }: { product: CardProduct; priority?: boolean }) {
  const cart = useCart();
  const idBase = useId();
  const initial = initialCardSelection(product);
  const [color, setColor] = useState<string | null>(initial.color);
  const [size, setSize] = useState<string | null>(initial.size);
  const [imageIndex, setImageIndex] = useState(0);
  const [isAdding, setIsAdding] = useState(false);

  const variants = product.colorVariants;
  const shownImages = selectImagesForColor({
    images: product.images,
    colors: product.colors,
    selectedColor: color,
    colorVariants: variants,
  });
  // With colour variants the arrows and dots walk the colours; otherwise the chosen colour's images.
  const variantIndex = variants
    ? Math.max(
        0,
        variants.findIndex((variant) => variant.color === color),
      )
    : 0;
  const slideCount = variants ? variants.length : shownImages.length;
  const slideIndex = variants ? variantIndex : wrapIndex(imageIndex, shownImages.length);
  const image = shownImages[variants ? 0 : slideIndex] ?? product.images[0] ?? null;

  function chooseColor(next: string) {
    setColor(next);
    setImageIndex(0); // SPEC §4: changing colour resets the image to the first one.
  }

  function goTo(index: number) {
    if (variants) {
      const next = variants[wrapIndex(index, variants.length)];
      if (next) chooseColor(next.color);
    } else {
      setImageIndex(wrapIndex(index, shownImages.length));
    }
  }

  // The chosen colour and size pick the variant: its price, compare-at price and availability.
  const chosen = resolveVariant(product, { color, size });
  const soldOut = soldOutChoices(product, color);
  const button = addToCartButtonState({ isAdding, available: chosen.available });
  const onSale = isOnSale(chosen.priceCents, chosen.originalPriceCents);
  const stockNote = chosen.available ? lowStockNote(chosen.variant?.left) : null;

  async function addToCart() {
    const problem = validateCardSelection({ colors: product.colors, sizes: product.sizes, color, size });
    if (problem) {
      notify({ title: problem, variant: 'destructive' });
      return;
    }
    if (!chosen.available) {
      notify({ title: MESSAGES.unavailableTitle, description: MESSAGES.outOfStockDescription, variant: 'destructive' });
      return;
    }
    if (product.source === 'external') {
      const variantId = chosen.variant?.id;
      if (!variantId) {
        notify({
          title: MESSAGES.unavailableTitle,
          description: MESSAGES.outOfStockDescription,
          variant: 'destructive',
        });
        return;
      }
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
        notify({ title: MESSAGES.errorTitle, description: MESSAGES.hostedCheckoutFailed, variant: 'destructive' });
      } finally {
        setIsAdding(false);
      }
      return;
    }
    try {
      cart.add({
        id: cartItemId(product.title, color, size),
        productId: product.productId ?? undefined,
        slug: product.slug ?? undefined,
        name: product.title,
        image: image ?? '',
        priceCents: chosen.priceCents,
        color,
        size,
      });
      notify({
        title: MESSAGES.addedToCart(product.title),
        description: MESSAGES.addedToCartDescription(color ?? DEFAULT_COLOR, size ?? DEFAULT_SIZE),
      });
    } catch (error) {
      console.error('Add to cart failed', error);
      notify({ title: MESSAGES.addToCartFailed, variant: 'destructive' });
    }
  }

  const href = product.slug ? `/products/${product.slug}` : null;
  const titleId = `${idBase}-title`;

  return (
    <article aria-labelledby={titleId} className="group flex flex-col">
      <div className="relative aspect-[4/5] overflow-hidden rounded-2xl bg-brand-50">
        {image ? (
          href ? (
            <Link to={href} tabIndex={-1} aria-hidden className="block size-full">
              <ProductImage
                src={image}
                alt=""
                sizes={CARD_IMAGE_SIZES}
                priority={priority}
                className="transition duration-500 group-hover:scale-[1.03]"
              />
            </Link>
          ) : (
            <ProductImage
              src={image}
              alt={`${product.title}${color ? ` in ${color}` : ''}`}
              sizes={CARD_IMAGE_SIZES}
              priority={priority}
            />
          )
        ) : (
          <div className="grid size-full place-items-center text-sm text-muted">No image</div>
        )}
        {onSale && (
          <Badge variant="sale" className="absolute top-3 left-3">
            {MESSAGES.saleBadge}
          </Badge>
        )}
        {product.productId && (
          <FavoriteButton
            productId={product.productId}
            title={product.title}
            className="absolute top-2 right-2 size-9"
          />
        )}
        {slideCount > 1 && (
          <>
            <button
              type="button"
              onClick={() => goTo(slideIndex - 1)}
              aria-label="Previous image"
              className="absolute top-1/2 left-2 grid size-8 -translate-y-1/2 place-items-center rounded-full bg-white/90 text-ink shadow-sm transition hover:bg-white"
            >
              <ChevronLeft className="size-4" aria-hidden />
            </button>
            <button
              type="button"
              onClick={() => goTo(slideIndex + 1)}
              aria-label="Next image"
              className="absolute top-1/2 right-2 grid size-8 -translate-y-1/2 place-items-center rounded-full bg-white/90 text-ink shadow-sm transition hover:bg-white"
            >
              <ChevronRight className="size-4" aria-hidden />
            </button>
            <div className="absolute inset-x-0 bottom-2 flex justify-center gap-0.5">
              {Array.from({ length: slideCount }, (_, index) => (
                <button
                  key={index}
                  type="button"
                  onClick={() => goTo(index)}
                  aria-label={`Show image ${index + 1} of ${slideCount}`}
                  aria-current={index === slideIndex}
                  className="grid size-6 place-items-center"
                >
                  <span
                    className={cn(
                      'block size-2 rounded-full shadow transition',
                      index === slideIndex ? 'bg-white' : 'bg-white/50',
                    )}
                  />
                </button>
              ))}
            </div>
          </>
        )}
      </div>

      <div className="mt-3 flex flex-1 flex-col gap-2">
        <h3 id={titleId} className="line-clamp-1 text-base font-semibold">
          {href ? (
            <Link to={href} className="hover:text-brand-700 hover:underline">
              {product.title}
            </Link>
          ) : (
            product.title
          )}
        </h3>
        <div className="flex h-6 items-center justify-between gap-2">
          <p className="flex items-baseline gap-2">
            <span className="font-semibold text-ink" data-testid="card-price">
              {formatCents(chosen.priceCents)}
            </span>
            {onSale && chosen.originalPriceCents !== null && (
              <span className="text-sm text-muted line-through">
                <span className="sr-only">Original price </span>
                {formatCents(chosen.originalPriceCents)}
              </span>
            )}
          </p>
          {product.rating !== null && <Stars rating={product.rating} />}
        </div>
        {product.colors.length > 0 && (
          <div className="flex h-7 items-center gap-1.5" role="group" aria-label="Colour swatches">
            {product.colors.map((name) => (
              <button
                key={name}
                type="button"
                onClick={() => chooseColor(name)}
                aria-label={soldOut.colors.has(name) ? `${name} (${SOLD_OUT})` : name}
                aria-pressed={name === color}
                title={soldOut.colors.has(name) ? `${name} (${SOLD_OUT})` : name}
                className={cn(
                  'size-6 rounded-full border border-black/15 transition',
                  name === color ? 'ring-2 ring-brand-500 ring-offset-2' : 'hover:scale-110',
                  soldOut.colors.has(name) && 'opacity-40',
                )}
                style={swatchStyle(name)}
              />
            ))}
          </div>
        )}
        {/* The size column is as wide as its longest choice ('One Size' is never cut). */}
        <div className="grid grid-cols-[minmax(0,1fr)_auto] gap-2">
          {product.colors.length > 0 && (
            <div>
              <label htmlFor={`${idBase}-color`} className="sr-only">
                Color
              </label>
              <NativeSelect
                id={`${idBase}-color`}
                className="pr-8! pl-2.5!"
                value={color ?? ''}
                onChange={(event) => chooseColor(event.target.value)}
              >
                {product.colors.map((name) => (
                  <option key={name} value={name}>
                    {soldOut.colors.has(name) ? `${name} (${SOLD_OUT})` : name}
                  </option>
                ))}
              </NativeSelect>
            </div>
          )}
          {product.sizes.length > 0 && (
            <div>
              <label htmlFor={`${idBase}-size`} className="sr-only">
                Size
              </label>
              <NativeSelect
                id={`${idBase}-size`}
                className="pr-8! pl-2.5!"
                value={size ?? ''}
                onChange={(event) => setSize(event.target.value)}
              >
                {product.sizes.map((name) => (
                  <option key={name} value={name}>
                    {soldOut.sizes.has(name) ? `${name} (${SOLD_OUT})` : name}
                  </option>
                ))}
              </NativeSelect>
            </div>
          )}
        </div>
        {stockNote && (
          <p className="text-xs font-semibold text-amber-700" data-testid="stock-note">
            {stockNote}
          </p>
        )}
        <Button className="mt-auto w-full" disabled={button.disabled} onClick={addToCart}>
          {button.label}
        </Button>
      </div>
    </article>
  );
}

/** A placeholder the size of a card, shown while a list streams in (no layout shift). */
export function ProductCardSkeleton() {
  return (
    <div className="flex animate-pulse flex-col" aria-hidden data-testid="product-card-skeleton">
      <div className="aspect-[4/5] rounded-2xl bg-brand-100/70" />
      <div className="mt-3 flex flex-col gap-2">
        <div className="h-6 w-3/4 rounded bg-brand-100/70" />
        <div className="h-6 w-1/3 rounded bg-brand-100/70" />
        <div className="h-7 w-1/2 rounded bg-brand-100/70" />
        <div className="h-10 rounded-lg bg-brand-100/70" />
        <div className="h-11 rounded-full bg-brand-100/70" />
      </div>
    </div>
  );
}
