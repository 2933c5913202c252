import type { FilterOption } from '@domain/catalog-filter';
import type { CardProduct } from '@domain/storefront-product';
import { CollectionSection, EmptyState, FilterRow, ProductGrid, StreamedCollection } from './collection';

export interface StreamedCards {
  cards: CardProduct[];
  total: number;
}

/**
 * The product section of a collection page: heading, live count, filter links and the grid,
 * streamed (skeleton and 'Loading...' until the list arrives). Empty: the page's own texts.
 */
export function CollectionProducts({
  title,
  cards,
  filters,
  activeFilter,
  countLabel,
  empty,
  skeletonCount = 4,
}: {
  title: string;
  cards: Promise<StreamedCards>;
  filters: readonly FilterOption[];
  activeFilter: string;
  countLabel: (count: number) => string;
  empty: { title: string; text: string };
  skeletonCount?: number;
}) {
  const filterRow = <FilterRow options={filters} active={activeFilter} />;
  return (
    <section id="products" className="mx-auto max-w-7xl scroll-mt-20 px-4 py-14 sm:px-6">
      <StreamedCollection
        resolve={cards}
        skeletonCount={skeletonCount}
        header={(count) => <CollectionSection title={title} count={count} filters={filterRow}>{null}</CollectionSection>}
      >
        {(list) => (
          <CollectionSection title={title} count={<span data-testid="item-count">{countLabel(list.cards.length)}</span>} filters={filterRow}>
            {list.total === 0 ? (
              <EmptyState title={empty.title} text={empty.text} />
            ) : list.cards.length === 0 ? (
              <EmptyState title="Nothing here yet" text="No products match this filter. Try another one or browse everything." />
            ) : (
              <ProductGrid products={list.cards} />
            )}
          </CollectionSection>
        )}
      </StreamedCollection>
    </section>
  );
}

