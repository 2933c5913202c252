import { useEffect, useRef } from 'react';
import { useLocation, useNavigation } from 'react-router';
import { collectionSearch, type CollectionList } from '@domain/catalog-page';
import type { FilterOption } from '@domain/catalog-filter';
import * as MESSAGES from '@domain/messages';
import type { CardProduct } from '@domain/storefront-product';
import { PlainLink } from '~/components/ui/plain-link';
import { CollectionSection, EmptyState, FilterRow, gridItemId, ProductGrid, ProductGridSkeleton } from './collection';

/**
 * The product section of a collection page: heading, the true count of the filtered list, the
 * filter links, the grid and 'Load more'. Everything is in the server's HTML; 'Load more' is a
 * link to the next `?page=`, so it works without JavaScript too. While another filter loads,
 * the count reads 'Loading...' over the skeleton (SPEC §2).
 */
export function CollectionProducts({
  title,
  list,
  filters,
  activeFilter,
  countLabel,
  empty,
  skeletonCount = 4,
}: {
  title: string;
  list: CollectionList<CardProduct>;
  filters: readonly FilterOption[];
  activeFilter: string;
  countLabel: (count: number) => string;
  empty: { title: string; text: string };
  skeletonCount?: number;
}) {
  const location = useLocation();
  const navigation = useNavigation();
  const target = navigation.state === 'loading' && navigation.location.pathname === location.pathname ? navigation.location : null;
  const targetFilter = target ? (new URLSearchParams(target.search).get('filter') ?? '') : null;
  const switchingFilter = targetFilter !== null && targetFilter.toLowerCase() !== activeFilter;
  const loadingMore = target !== null && !switchingFilter;

  // After 'Load more', keyboard and screen-reader users land on the first new product.
  const shownBefore = useRef(list.cards.length);
  useEffect(() => {
    const before = shownBefore.current;
    shownBefore.current = list.cards.length;
    if (list.cards.length > before && before > 0) {
      const item = document.getElementById(gridItemId(before + 1));
      // Its title link (own products), else its first button (external products have no page).
      (item?.querySelector<HTMLElement>('h3 a') ?? item?.querySelector<HTMLElement>('button'))?.focus({ preventScroll: true });
    }
  }, [list.cards.length]);

  const filterRow = <FilterRow options={filters} active={activeFilter} />;
  return (
    <section id="products" className="mx-auto max-w-7xl scroll-mt-20 px-4 py-14 sm:px-6">
      {switchingFilter ? (
        <CollectionSection title={title} count={<span aria-live="polite">{MESSAGES.loading}</span>} filters={filterRow}>
          <ProductGridSkeleton count={skeletonCount} />
        </CollectionSection>
      ) : (
        <ListSection
          title={title}
          list={list}
          filterRow={filterRow}
          activeFilter={activeFilter}
          countLabel={countLabel}
          empty={empty}
          loadingMore={loadingMore}
        />
      )}
    </section>
  );
}

function ListSection({
  title,
  list,
  filterRow,
  activeFilter,
  countLabel,
  empty,
  loadingMore,
}: {
  title: string;
  list: CollectionList<CardProduct>;
  filterRow: React.ReactNode;
  activeFilter: string;
  countLabel: (count: number) => string;
  empty: { title: string; text: string };
  loadingMore: boolean;
}) {
  const nextPage = list.page + 1;
  const { pathname } = useLocation();
  return (
    <CollectionSection title={title} count={<span data-testid="item-count">{countLabel(list.total)}</span>} filters={filterRow}>
      {list.sourceTotal === 0 ? (
        <EmptyState title={empty.title} text={empty.text} />
      ) : list.cards.length === 0 ? (
        <EmptyState title="Nothing here yet" text="No products match this filter. Try another one or browse everything." />
      ) : (
        <>
          <ProductGrid products={list.cards} />
          {list.pageCount > 1 && (
            <div className="mt-12 flex flex-col items-center gap-4">
              <p className="text-sm text-muted" data-testid="shown-count">
                Showing {list.cards.length} of {list.total}
              </p>
              {list.page < list.pageCount && (
                <PlainLink
                  to={`${pathname}${collectionSearch({ filter: activeFilter, page: nextPage })}#${gridItemId(list.cards.length + 1)}`}
                  discover
                  preventScrollReset
                  rel="next"
                  aria-disabled={loadingMore || undefined}
                  className="inline-flex h-11 items-center rounded-full border border-ink px-8 text-sm font-semibold text-ink transition hover:bg-ink hover:text-white aria-disabled:pointer-events-none aria-disabled:opacity-60"
                >
                  {loadingMore ? MESSAGES.loading : 'Load more'}
                </PlainLink>
              )}
            </div>
          )}
        </>
      )}
    </CollectionSection>
  );
}
