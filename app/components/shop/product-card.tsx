import { memo, useState } from 'react';
import * as MESSAGES from '@domain/messages';
import { initialCardSelection, selectImagesForColor, wrapIndex } from '@domain/product-card';
import type { CardProduct } from '@domain/storefront-product';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { PlainLink } from '~/components/ui/plain-link';
import { FavoriteButton } from './favorite-button';
import { PriceTag } from './price-tag';
import { ProductImage } from './product-image';
import { swatchStyle } from './swatch-color';
import { choiceLabel, useProductChoice } from './use-product-choice';

/** The card's image width in the grids below: a column of a 2 to 6 column grid (no spaces: every card repeats it). */
export const CARD_IMAGE_SIZES = '(min-width:1024px) 25vw,50vw';

/** The collection grid: up to 5 columns, 6 on extra-large screens (app.css). SPEC §2 Product card */
export const PRODUCT_GRID_CLASS = 'product-grid';

/** The rating as one element (decision 019): five stars drawn by CSS, filled to the rating. */
export function Stars({ rating }: { rating: number }) {
  const filled = Math.max(0, Math.min(100, (rating / 5) * 100));
  return (
    <div className="rating">
      <span className="sr-only">Rated {rating.toFixed(1)} out of 5</span>
      <span className="rating-stars" style={{ '--rating': `${filled}%` } as React.CSSProperties} aria-hidden />
      <span aria-hidden>{rating.toFixed(1)}</span>
    </div>
  );
}

/**
 * The image carousel (SPEC §2 Product card): previous and next arrows that wrap around (SPEC §2
 * Home / T-Shirts) and dots that show which slide is up. The dots are one element drawn by CSS
 * (decision 021); the swatches below choose a colour directly.
 */
function CarouselControls({ count, current, goTo }: { count: number; current: number; goTo: (index: number) => void }) {
  if (count <= 1) return null;
  return (
    <>
      {/* The chevrons are drawn by the classes (app.css): no svg per arrow. A card is never
          inside a form, so its buttons need no type. */}
      <button onClick={() => goTo(current - 1)} aria-label="Previous image" className="card-prev" />
      <button onClick={() => goTo(current + 1)} aria-label="Next image" className="card-next" />
      <div
        className="card-dots"
        role="img"
        aria-label={`Image ${current + 1} of ${count}`}
        style={{ '--n': count, '--i': current } as React.CSSProperties}
      />
    </>
  );
}

/**
 * The shared product card. SPEC §2 Product card, §4 Product card (image rules, preselection,
 * Sale badge), §5 and §8 (add-to-cart validation and toasts, through useProductChoice). Own
 * and demo products go to the one cart; external products open the external shop's hosted
 * checkout in a new tab. Its markup is kept short (decision 021): a home page draws six.
 */
export const ProductCard = memo(function ProductCard({
  product,
  priority = false,
}: {
  product: CardProduct;
  priority?: boolean;
}) {
  const choice = useProductChoice(product, initialCardSelection(product));
  const { color, soldOut } = choice;
  // Nothing left in any colour: the button says "Out of Stock", so the selects name the choices
  // plainly (a card's narrow selects cut 'One Size (sold out)' to nothing useful).
  const everySoldOut =
    product.colors.length > 0
      ? product.colors.every((name) => soldOut.colors.has(name))
      : product.sizes.length > 0 && product.sizes.every((name) => soldOut.sizes.has(name));
  const optionLabel = (name: string, set: Set<string>) => (everySoldOut ? name : choiceLabel(name, set));
  const [imageIndex, setImageIndex] = useState(0);

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
    choice.setColor(next);
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

  const href = product.slug ? `/products/${product.slug}` : null;
  const picture = image && (
    <ProductImage
      src={image}
      alt={href ? '' : `${product.title}${color ? ` in ${color}` : ''}`}
      sizes={CARD_IMAGE_SIZES}
      priority={priority}
    />
  );

  return (
    <article className="card" aria-label={product.title}>
      <div className="card-media">
        {href && picture ? (
          <PlainLink to={href} tabIndex={-1} aria-hidden>
            {picture}
          </PlainLink>
        ) : (
          (picture ?? <div className="grid size-full place-items-center text-sm text-muted">No image</div>)
        )}
        {choice.onSale && <Badge variant="sale">{MESSAGES.saleBadge}</Badge>}
        {product.productId && (
          <FavoriteButton productId={product.productId} title={product.title} className="card-fav" />
        )}
        <CarouselControls count={slideCount} current={slideIndex} goTo={goTo} />
      </div>
      <h3>
        {href ? (
          <PlainLink to={href} discover>
            {product.title}
          </PlainLink>
        ) : (
          product.title
        )}
      </h3>
      <div className="card-row">
        <PriceTag
          priceCents={choice.chosen.priceCents}
          originalPriceCents={choice.chosen.originalPriceCents}
          onSale={choice.onSale}
        />
        {product.rating !== null && <Stars rating={product.rating} />}
      </div>
      {product.colors.length > 0 && (
        <div className="card-swatches" role="group" aria-label="Color swatches">
          {product.colors.map((name) => (
            <button
              key={name}
              onClick={() => chooseColor(name)}
              aria-pressed={name === color}
              title={choiceLabel(name, soldOut.colors)}
              className={soldOut.colors.has(name) ? 'sold-out' : undefined}
              style={swatchStyle(name) as React.CSSProperties}
            />
          ))}
        </div>
      )}
      {/* The size column is as wide as its longest choice ('One Size' is never cut). The selects
          are styled as `.select` by their place (app.css): no class on each. */}
      <div className="card-choices">
        {product.colors.length > 0 && (
          <select aria-label="Color" value={color ?? ''} onChange={(event) => chooseColor(event.target.value)}>
            {product.colors.map((name) => (
              <option key={name} value={soldOut.colors.has(name) ? name : undefined}>
                {optionLabel(name, soldOut.colors)}
              </option>
            ))}
          </select>
        )}
        {product.sizes.length > 0 && (
          <select aria-label="Size" value={choice.size ?? ''} onChange={(event) => choice.setSize(event.target.value)}>
            {product.sizes.map((name) => (
              <option key={name} value={soldOut.sizes.has(name) ? name : undefined}>
                {optionLabel(name, soldOut.sizes)}
              </option>
            ))}
          </select>
        )}
      </div>
      {choice.stockNote && (
        <p className="text-xs font-semibold text-amber-700" data-testid="stock-note">
          {choice.stockNote}
        </p>
      )}
      <Button className="card-add" disabled={choice.button.disabled} onClick={() => void choice.addToCart({ image })}>
        {choice.button.label}
      </Button>
    </article>
  );
});

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
