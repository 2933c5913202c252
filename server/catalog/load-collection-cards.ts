import { matchesFilter, type FilterField } from '../../domain/catalog-filter';
import {
  CATALOGUE_PAGE_SIZE,
  clampPage,
  EXTERNAL_COLLECTION_LIMIT,
  pageCount,
  type CollectionList,
  type CollectionSource,
} from '../../domain/catalog-page';
import type { ExternalProduct } from '../../domain/external-product';
import { cardFromExternalProduct, cardFromPublicProduct, type CardProduct } from '../../domain/storefront-product';
import { externalCollectionTag, externalProductsTag, ownListTag, productTag } from '../../domain/catalogue-tags';
import { tagPage } from '../cache/page-render';
import type { RequestContext } from '../context';
import { getDemoProduct } from './get-demo-product';
import { countProducts, listProducts } from './list-products';

export type CardSource = 'external' | 'own' | 'demo';

export interface CollectionCards extends CollectionList<CardProduct> {
  source: CardSource;
}

type Services = Pick<RequestContext, 'db' | 'shopify' | 'logger' | 'clientIp' | 'catalogCache' | 'pageRender'>;

export interface LoadCollectionCardsOptions {
  context: Services;
  source: CollectionSource;
  filter?: { field: FilterField; value: string };
  /** The page asked for (from `?page=`, see domain/catalog-page.ts parsePage). */
  page?: number;
  /** Products per page: SPEC §9's 20, or 6 for the home page's Featured Collection. */
  pageSize?: number;
}

async function loadExternal(context: Services, source: NonNullable<CollectionSource['external']>) {
  if (!context.shopify) return null;
  try {
    const products: ExternalProduct[] | null =
      source.kind === 'products'
        ? await context.shopify.getProducts({ first: source.first, buyerIp: context.clientIp })
        : await context.shopify.getCollectionProducts(source.handle, {
            first: EXTERNAL_COLLECTION_LIMIT,
            buyerIp: context.clientIp,
          });
    return products;
  } catch (error) {
    // SPEC §8: the external catalogue failing is silent for the shopper, only logged.
    context.logger.error({ err: error }, 'external catalog failed');
    return null;
  }
}

/**
 * A storefront list by the spec's fallback chain (SPEC §2 Home, T-Shirts, Hoodies): external
 * shop products if any were loaded, else own products, else the built-in demo item. The page
 * filter applies to whichever source is shown, before paging; the total is the filtered count.
 */
export async function loadCollectionCards(options: LoadCollectionCardsOptions): Promise<CollectionCards> {
  const { context, source, filter } = options;
  const pageSize = options.pageSize ?? CATALOGUE_PAGE_SIZE;
  const asked = options.page ?? 1;
  const paged = (cards: CardProduct[], total: number, sourceTotal: number, from: CardSource): CollectionCards => {
    const page = clampPage(asked, total, pageSize);
    return { source: from, cards: cards.slice(0, page * pageSize), total, sourceTotal, page, pageCount: pageCount(total, pageSize) };
  };

  // The page cache's tags (decision 018): every source the chain looked at, since a change in
  // any of them can change what the page shows.
  if (source.external) {
    tagPage(context, source.external.kind === 'products' ? externalProductsTag : externalCollectionTag(source.external.handle));
    const external = await loadExternal(context, source.external);
    if (external && external.length > 0) {
      const matching = external.filter(
        (product) => !filter || matchesFilter({ category: product.productType, tags: product.tags }, filter.field, filter.value),
      );
      return paged(matching.map(cardFromExternalProduct), matching.length, external.length, 'external');
    }
  }
  if (source.own) {
    const own = source.own;
    tagPage(context, ownListTag(own));
    const activeFilter = filter && filter.value !== '' ? filter : undefined;
    const count = (countFilter: typeof activeFilter) =>
      context.catalogCache.get(`count:${JSON.stringify({ own, countFilter })}`, () =>
        countProducts({ db: context.db, ...own, filter: countFilter }),
      );
    // A page past the end is read as the last page, so the cache keys stay as many as the pages.
    const page = asked > 1 ? clampPage(asked, await count(activeFilter), pageSize) : 1;
    const limit = page * pageSize;
    // The cards are made once per cached list, not on every render (they are not changed after).
    const list = await context.catalogCache.get(`products:${JSON.stringify({ own, activeFilter, limit })}`, async () => {
      const found = await listProducts({ db: context.db, ...own, filter: activeFilter, limit });
      return { ...found, cards: found.products.map((product) => cardFromPublicProduct(product)) };
    });
    const sourceTotal = list.total === 0 && activeFilter ? await count(undefined) : list.total;
    tagPage(context, ...list.products.map((product) => productTag(product.id)));
    if (sourceTotal > 0) return paged(list.cards, list.total, sourceTotal, 'own');
  }
  if (source.demoSlug) {
    const demoSlug = source.demoSlug;
    const demo = await context.catalogCache.get(`demo:${demoSlug}`, () => getDemoProduct({ db: context.db, slug: demoSlug }));
    if (demo) {
      tagPage(context, productTag(demo.id));
      const passes = !filter || matchesFilter(demo, filter.field, filter.value);
      return paged(passes ? [cardFromPublicProduct(demo, { cycleColors: true })] : [], passes ? 1 : 0, 1, 'demo');
    }
  }
  return paged([], 0, 0, 'own');
}
