/**
 * Tags of cached catalogue pages (decision 018). A cached page carries the tags of what it
 * shows; a change drops every page carrying one of the tags it names, and nothing else.
 *
 * - `product:<id>`: a page that shows the product (its own page, a list card, a search result);
 * - `list:<query>`: a page built from an own-product list (home, a collection), whatever its
 *   filter or page: a product joining or leaving the list changes its cards and counts;
 * - `external:products`, `external:collection:<handle>`: a page built from the Shopify catalogue;
 * - `search`, `sitemap`: every search result page, the sitemap;
 * - `shop-page:<slug>`: a policy page (domain/shop-pages.ts), dropped when the owner edits it;
 * - `*`: every page (a change made behind the shop's back, a lost broadcast).
 */
import type { OwnListQuery } from './catalog-page';

export const ALL_CATALOGUE_TAG = '*';
export const SEARCH_TAG = 'search';
export const SITEMAP_TAG = 'sitemap';

export const productTag = (productId: string) => `product:${productId}`;
export const externalProductsTag = 'external:products';
export const shopPageTag = (slug: string) => `shop-page:${slug}`;
export const externalCollectionTag = (handle: string) => `external:collection:${handle}`;

function listTagOf(parts: { placement?: string; category?: string; newArrivals?: boolean }): string {
  const words: string[] = [];
  if (parts.placement) words.push(`placement=${parts.placement}`);
  if (parts.category) words.push(`category=${parts.category.trim().toLowerCase()}`);
  if (parts.newArrivals) words.push('new');
  return `list:${words.join('&')}`;
}

/** The tag of a page listing the own products of `query` (filter and page do not matter). */
export function ownListTag(query: OwnListQuery): string {
  return listTagOf(query);
}

/** What a product write needs to know of the row, before or after it. */
export interface TaggedProduct {
  id: string;
  isActive: boolean;
  placement: readonly string[];
  category: string;
  isNewArrival: boolean;
}

/**
 * Every list tag whose query the product satisfies: the same conditions as the list query
 * (server/catalog/list-products.ts): active, placement contains, category equal
 * (case-insensitive), flagged new. An inactive product is in no list.
 */
export function listTagsOf(product: TaggedProduct): string[] {
  if (!product.isActive) return [];
  const placements: (string | undefined)[] = [undefined, ...new Set(product.placement)];
  const categories: (string | undefined)[] = [undefined, product.category];
  const newFlags: boolean[] = product.isNewArrival ? [false, true] : [false];
  const tags = new Set<string>();
  for (const placement of placements)
    for (const category of categories)
      for (const newArrivals of newFlags) tags.add(listTagOf({ placement, category, newArrivals }));
  return [...tags];
}

/**
 * The pages a product create, edit or delete changes: its own pages, every list it was in or
 * is now in, every search page and the sitemap. `before` is absent on create, `after` on delete.
 */
export function productWriteTags(
  before: TaggedProduct | null | undefined,
  after: TaggedProduct | null | undefined,
): string[] {
  const tags = new Set<string>([SEARCH_TAG, SITEMAP_TAG]);
  for (const product of [before, after]) {
    if (!product) continue;
    tags.add(productTag(product.id));
    for (const tag of listTagsOf(product)) tags.add(tag);
  }
  return [...tags];
}

/** A stock change that does not move the product between lists: the pages that show it. */
export function productShownTags(productId: string): string[] {
  return [productTag(productId)];
}

/** True when an entry with `entryTags` is dropped by an invalidation of `dropped`. */
export function tagsIntersect(entryTags: readonly string[], dropped: ReadonlySet<string>): boolean {
  if (dropped.has(ALL_CATALOGUE_TAG)) return true;
  return entryTags.some((tag) => dropped.has(tag));
}
