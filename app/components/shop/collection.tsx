import { Link, useLocation } from 'react-router';
import type { FilterOption } from '@domain/catalog-filter';
import { collectionSearch } from '@domain/catalog-page';
import * as MESSAGES from '@domain/messages';
import { cardKey, type CardProduct } from '@domain/storefront-product';
import { buttonClass } from '~/components/ui/button';
import { PlainLink } from '~/components/ui/plain-link';
import { HeroImage } from './hero-image';
import { PRODUCT_GRID_CLASS, ProductCard, ProductCardSkeleton } from './product-card';

/** A collection page's hero: heading, text and a 'Shop Collection' link that scrolls to the grid. */
export function CollectionHero({
  eyebrow,
  title,
  text,
  targetId = 'products',
}: {
  eyebrow?: string;
  title: string;
  text: string;
  targetId?: string;
}) {
  return (
    <section className="relative isolate overflow-hidden bg-ink">
      <HeroImage className="absolute inset-0 -z-10 size-full object-cover opacity-40" />
      <div className="mx-auto flex min-h-[320px] max-w-7xl flex-col items-start justify-center px-4 py-16 text-white sm:px-6 md:min-h-[380px]">
        {eyebrow && <p className="text-sm font-semibold tracking-widest text-brand-200 uppercase">{eyebrow}</p>}
        <h1 className="mt-2 text-4xl font-bold tracking-tight sm:text-5xl">{title}</h1>
        <p className="mt-4 max-w-xl text-lg text-white/90">{text}</p>
        <a href={`#${targetId}`} className={buttonClass({ variant: 'outline' }, 'mt-8 border-0 hover:bg-brand-100')}>
          {MESSAGES.shopCollection}
        </a>
      </div>
    </section>
  );
}

/** The filter row as links (?filter=...): server-rendered, shareable, survives a reload. */
export function FilterRow({
  options,
  active,
  label = 'Filter products',
}: {
  options: readonly FilterOption[];
  active: string;
  label?: string;
}) {
  const { pathname } = useLocation();
  return (
    <nav aria-label={label} className="-mx-1 flex flex-wrap gap-2">
      {options.map((option) => {
        const isActive = option.value === active;
        return (
          <PlainLink
            key={option.value || 'all'}
            to={`${pathname}${collectionSearch({ filter: option.value })}#products`}
            discover
            preventScrollReset
            current={isActive}
            className="filter-link"
          >
            {option.label}
          </PlainLink>
        );
      })}
    </nav>
  );
}

/** The id of the nth card (from 1) of a grid: 'Load more' links jump to the first new one. */
export const gridItemId = (position: number) => `item-${position}`;

/**
 * The grid of cards; the first `priorityCount` images load first. Each card's item carries its
 * `gridItemId` for 'Load more' to jump to, unless the grid never grows (`anchors={false}`).
 */
export function ProductGrid({
  products,
  priorityCount = 0,
  className = PRODUCT_GRID_CLASS,
  anchors = true,
}: {
  products: CardProduct[];
  priorityCount?: number;
  className?: string;
  anchors?: boolean;
}) {
  return (
    <ul className={className}>
      {products.map((product, index) => (
        <li key={cardKey(product)} id={anchors ? gridItemId(index + 1) : undefined} className={anchors ? 'scroll-mt-24' : undefined}>
          <ProductCard product={product} priority={index < priorityCount} />
        </li>
      ))}
    </ul>
  );
}

export function ProductGridSkeleton({ count, className = PRODUCT_GRID_CLASS }: { count: number; className?: string }) {
  return (
    <div className={className} role="status" aria-label={MESSAGES.loading}>
      {Array.from({ length: count }, (_, index) => (
        <ProductCardSkeleton key={index} />
      ))}
    </div>
  );
}

/** An empty collection: heading, text and a link home. */
export function EmptyState({ title, text }: { title: string; text: string }) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-line bg-white px-6 py-16 text-center">
      <h2 className="text-2xl font-semibold">{title}</h2>
      <p className="mt-3 max-w-md text-muted">{text}</p>
      <Link to="/" className={buttonClass({}, 'mt-8')}>
        {MESSAGES.browseAllProducts}
      </Link>
    </div>
  );
}

/** The standard collection page body: heading row (title, count, filters) then the content. */
export function CollectionSection({
  title,
  count,
  filters,
  children,
}: {
  title: string;
  count: React.ReactNode;
  filters?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <>
      <div className="section-head">
        <div>
          <h2 className="section-title">{title}</h2>
          <p className="section-note">{count}</p>
        </div>
        {filters}
      </div>
      {children}
    </>
  );
}
