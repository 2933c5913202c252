import { ChevronLeft, ChevronRight, Minus, Plus } from '~/components/ui/icons';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CATEGORY_LABELS, CATEGORY_PATHS, isProductCategory } from '@domain/categories';
import * as MESSAGES from '@domain/messages';
import { selectImagesForColor, wrapIndex } from '@domain/product-card';
import type { CardProduct, PublicProduct } from '@domain/storefront-product';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { cn } from '~/lib/utils';
import { FavoriteButton } from './favorite-button';
import { Stars } from './product-card';
import { PriceTag } from './price-tag';
import { ProductImage } from './product-image';
import { swatchStyle } from './swatch-color';
import { choiceLabel, useProductChoice } from './use-product-choice';

/** Most units one click adds on the product page. */
const PAGE_MAX_QUANTITY = 10;

/** The category's collection page and name (domain/categories), for the breadcrumb. */
function categoryPage(category: string): { to: string; label: string } | undefined {
  return isProductCategory(category) ? { to: CATEGORY_PATHS[category], label: CATEGORY_LABELS[category] } : undefined;
}

/** The product page body: gallery, colour and size, quantity, price and sale price, description. */
export function ProductDetail({ product, card }: { product: PublicProduct; card: CardProduct }) {
  const [searchParams] = useSearchParams();
  const requested = searchParams.get('color');
  const initialColor =
    product.colors.find((color) => color.toLowerCase() === requested?.toLowerCase()) ?? product.colors[0] ?? null;
  // The same choice, variant and add-to-cart rules as the cards (use-product-choice.ts).
  const choice = useProductChoice(card, { color: initialColor, size: product.sizes[0] ?? null });
  const { color, size, soldOut, stockNote } = choice;
  const [quantity, setQuantity] = useState(1);
  const [imageIndex, setImageIndex] = useState(0);

  const images = selectImagesForColor({ images: product.images, colors: product.colors, selectedColor: color });
  const current = wrapIndex(imageIndex, images.length);
  const image = images[current] ?? product.images[0] ?? null;
  // No more than are left (the checkout would refuse more).
  const maxQuantity = Math.min(PAGE_MAX_QUANTITY, choice.left ?? PAGE_MAX_QUANTITY);
  const category = categoryPage(product.category);

  function chooseColor(next: string) {
    choice.setColor(next);
    setImageIndex(0);
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:py-12">
      <nav aria-label="Breadcrumb" className="mb-6 text-sm text-muted">
        <ol className="flex flex-wrap items-center gap-2">
          <li>
            <Link to="/" className="hover:text-brand-700">
              Home
            </Link>
          </li>
          {category && (
            <li className="flex items-center gap-2">
              <span aria-hidden>/</span>
              <Link to={category.to} className="hover:text-brand-700">
                {category.label}
              </Link>
            </li>
          )}
          <li className="flex items-center gap-2">
            <span aria-hidden>/</span>
            <span aria-current="page" className="text-ink">
              {product.name}
            </span>
          </li>
        </ol>
      </nav>
      <div className="grid gap-10 lg:grid-cols-2">
        <div>
          <div className="relative aspect-[4/5] overflow-hidden rounded-3xl bg-brand-50">
            {image && (
              <ProductImage
                src={image}
                alt={`${product.name}${color ? ` in ${color}` : ''}`}
                sizes="(min-width: 1024px) 50vw, 100vw"
                priority
              />
            )}
            {choice.onSale && (
              <Badge variant="sale" className="absolute top-4 left-4">
                {MESSAGES.saleBadge}
              </Badge>
            )}
            <FavoriteButton productId={product.id} title={product.name} className="absolute top-3 right-3 size-11" />
            {images.length > 1 && (
              <>
                <button
                  type="button"
                  aria-label="Previous image"
                  onClick={() => setImageIndex(current - 1)}
                  className="absolute top-1/2 left-3 grid size-10 -translate-y-1/2 place-items-center rounded-full bg-white/90 shadow"
                >
                  <ChevronLeft className="size-5" aria-hidden />
                </button>
                <button
                  type="button"
                  aria-label="Next image"
                  onClick={() => setImageIndex(current + 1)}
                  className="absolute top-1/2 right-3 grid size-10 -translate-y-1/2 place-items-center rounded-full bg-white/90 shadow"
                >
                  <ChevronRight className="size-5" aria-hidden />
                </button>
              </>
            )}
          </div>
          {product.colors.length > 1 && product.images.length > 1 && (
            <ul className="mt-4 grid grid-cols-4 gap-3">
              {product.colors.map((name) => {
                const thumb = selectImagesForColor({
                  images: product.images,
                  colors: product.colors,
                  selectedColor: name,
                })[0];
                if (!thumb) return null;
                return (
                  <li key={name}>
                    <button
                      type="button"
                      onClick={() => chooseColor(name)}
                      aria-label={`Show ${name}`}
                      aria-pressed={name === color}
                      className={cn(
                        'block aspect-[4/5] w-full overflow-hidden rounded-xl border-2 bg-brand-50',
                        name === color ? 'border-brand-500' : 'border-transparent hover:border-line',
                      )}
                    >
                      <ProductImage src={thumb} alt="" sizes="120px" />
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
        <div className="flex flex-col">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{product.name}</h1>
          <div className="mt-4">
            <PriceTag
              priceCents={choice.chosen.priceCents}
              originalPriceCents={choice.chosen.originalPriceCents}
              onSale={choice.onSale}
              large
            />
          </div>
          {product.rating !== null && (
            <div className="mt-2">
              <Stars rating={product.rating} />
            </div>
          )}
          <p className="mt-6 leading-relaxed text-muted">{product.description}</p>

          {product.colors.length > 0 && (
            <fieldset className="mt-8">
              <legend className="text-sm font-semibold">
                Color: <span className="font-normal text-muted">{color}</span>
              </legend>
              <div className="mt-3 flex flex-wrap gap-2">
                {product.colors.map((name) => (
                  <button
                    key={name}
                    type="button"
                    onClick={() => chooseColor(name)}
                    aria-pressed={name === color}
                    aria-label={soldOut.colors.has(name) ? choiceLabel(name, soldOut.colors) : undefined}
                    className={cn(
                      'flex h-10 items-center gap-2 rounded-full border px-3 text-sm transition',
                      name === color ? 'border-ink' : 'border-line hover:border-brand-400',
                      soldOut.colors.has(name) && 'text-muted line-through',
                    )}
                  >
                    <span
                      className={cn(
                        'size-5 rounded-full border border-black/15 bg-(--c)',
                        soldOut.colors.has(name) && 'opacity-40',
                      )}
                      style={swatchStyle(name) as React.CSSProperties}
                      aria-hidden
                    />
                    {name}
                  </button>
                ))}
              </div>
            </fieldset>
          )}
          {product.sizes.length > 0 && (
            <fieldset className="mt-6">
              <legend className="text-sm font-semibold">Size</legend>
              <div className="mt-3 flex flex-wrap gap-2">
                {product.sizes.map((name) => (
                  <button
                    key={name}
                    type="button"
                    onClick={() => choice.setSize(name)}
                    aria-pressed={name === size}
                    aria-label={soldOut.sizes.has(name) ? choiceLabel(name, soldOut.sizes) : undefined}
                    className={cn(
                      'h-10 min-w-12 rounded-lg border px-3 text-sm font-medium transition',
                      name === size ? 'border-ink bg-ink text-white' : 'border-line bg-white hover:border-brand-400',
                      soldOut.sizes.has(name) && 'border-dashed line-through opacity-60',
                    )}
                  >
                    {name}
                  </button>
                ))}
              </div>
            </fieldset>
          )}
          {stockNote && (
            <p className="mt-6 text-sm font-semibold text-amber-700" data-testid="stock-note">
              {stockNote}
            </p>
          )}
          <div className={cn('flex flex-wrap items-center gap-3', stockNote ? 'mt-3' : 'mt-8')}>
            <div
              className="flex h-12 items-center rounded-full border border-line bg-white"
              role="group"
              aria-label="Quantity"
            >
              <button
                type="button"
                className="grid size-12 place-items-center disabled:opacity-40"
                aria-label="Decrease quantity"
                disabled={quantity <= 1}
                onClick={() => setQuantity((value) => Math.max(1, value - 1))}
              >
                <Minus className="size-4" aria-hidden />
              </button>
              <span className="w-8 text-center font-semibold" aria-live="polite">
                {Math.min(quantity, Math.max(1, maxQuantity))}
              </span>
              <button
                type="button"
                className="grid size-12 place-items-center disabled:opacity-40"
                aria-label="Increase quantity"
                disabled={quantity >= maxQuantity}
                onClick={() => setQuantity((value) => Math.min(maxQuantity, value + 1))}
              >
                <Plus className="size-4" aria-hidden />
              </button>
            </div>
            <Button
              size="lg"
              className="flex-1"
              disabled={choice.button.disabled}
              onClick={() => void choice.addToCart({ image, quantity: Math.min(quantity, maxQuantity) })}
            >
              {choice.button.label}
            </Button>
          </div>
          <p className="mt-6 text-sm text-muted">
            {MESSAGES.shippingTime}. {MESSAGES.freeShippingOver}
          </p>
        </div>
      </div>
    </div>
  );
}
