import { matchesFilter, type FilterField } from '../../domain/catalog-filter';
import type { ExternalProduct } from '../../domain/external-product';
import { cardFromExternalProduct, cardFromPublicProduct, type CardProduct } from '../../domain/storefront-product';
import type { RequestContext } from '../context';
import { getDemoProduct } from './get-demo-product';
import { listProducts, type ListProductsOptions } from './list-products';

export type CardSource = 'external' | 'own' | 'demo';

export interface CollectionCards {
  source: CardSource;
  /** Cards after the page filter. */
  cards: CardProduct[];
  /** How many the source had before filtering (decides the empty state). */
  total: number;
}

type Services = Pick<RequestContext, 'db' | 'shopify' | 'logger' | 'clientIp' | 'catalogCache'>;

export interface LoadCollectionCardsOptions {
  context: Services;
  /** External shop source: the home list or a collection handle ('tshirts', 'hoodies'). */
  external?: { kind: 'products'; first: number } | { kind: 'collection'; handle: string; first: number };
  /** Own products to use when the external shop gives none. */
  own?: Omit<ListProductsOptions, 'db'>;
  /** The built-in demo item's slug, when the own products are empty too. */
  demoSlug?: string;
  filter?: { field: FilterField; value: string };
}

async function loadExternal(context: Services, source: NonNullable<LoadCollectionCardsOptions['external']>) {
  if (!context.shopify) return null;
  try {
    const products: ExternalProduct[] | null =
      source.kind === 'products'
        ? await context.shopify.getProducts({ first: source.first, buyerIp: context.clientIp })
        : await context.shopify.getCollectionProducts(source.handle, { first: source.first, buyerIp: context.clientIp });
    return products;
  } catch (error) {
    // SPEC §8: the external catalogue failing is silent for the shopper, only logged.
    context.logger.error({ err: error }, 'external catalogue failed');
    return null;
  }
}

/**
 * A storefront list by the spec's fallback chain (SPEC §2 Home, T-Shirts, Hoodies): external
 * shop products if any were loaded, else own products, else the built-in demo item. The page
 * filter applies to whichever source is shown.
 */
export async function loadCollectionCards(options: LoadCollectionCardsOptions): Promise<CollectionCards> {
  const { context, filter } = options;
  const keep = (cards: { card: CardProduct; category: string; tags: readonly string[] }[]) =>
    cards.filter((entry) => !filter || matchesFilter(entry, filter.field, filter.value)).map((entry) => entry.card);

  if (options.external) {
    const external = await loadExternal(context, options.external);
    if (external && external.length > 0) {
      const entries = external.map((product) => ({
        card: cardFromExternalProduct(product),
        category: product.productType,
        tags: product.tags,
      }));
      return { source: 'external', cards: keep(entries), total: entries.length };
    }
  }
  if (options.own) {
    const ownOptions = options.own;
    const own = await context.catalogCache.get(`products:${JSON.stringify(ownOptions)}`, () =>
      listProducts({ db: context.db, ...ownOptions }),
    );
    if (own.length > 0) {
      const entries = own.map((product) => ({ card: cardFromPublicProduct(product), category: product.category, tags: product.tags }));
      return { source: 'own', cards: keep(entries), total: entries.length };
    }
  }
  if (options.demoSlug) {
    const demoSlug = options.demoSlug;
    const demo = await context.catalogCache.get(`demo:${demoSlug}`, () => getDemoProduct({ db: context.db, slug: demoSlug }));
    if (demo) {
      const entries = [{ card: cardFromPublicProduct(demo, { cycleColors: true }), category: demo.category, tags: demo.tags }];
      return { source: 'demo', cards: keep(entries), total: 1 };
    }
  }
  return { source: 'own', cards: [], total: 0 };
}
