/**
 * Paging of the catalogue lists: the single source of the page size, how a `?page=` value is
 * read and how far a list reaches. SPEC §9 fixes the catalogue page size at 20; the spec's
 * pages stopped there, ours show 'Load more' (issue 13: every product reachable). Page N of a
 * list shows its first N x 20 products, so a 'Load more' link works without JavaScript and a
 * shared `?page=3` link opens with everything up to it. Filters apply before paging, and the
 * count is the total of the filtered list.
 */

import * as MESSAGES from './messages';

/** SPEC §9: catalogue page size (products and collections). */
export const CATALOGUE_PAGE_SIZE = 20;

/**
 * External (Shopify) collections are read whole, up to the Storefront API's largest page
 * (SPEC §9: the library's page size 250), then filtered and paged here like our own lists.
 */
export const EXTERNAL_COLLECTION_LIMIT = 250;

/** Longest page a `?page=` may ask for: a bound on the rows one request reads. */
export const MAX_CATALOGUE_PAGE = 100;

/**
 * The page a `?page=` value asks for: a whole number from 1; anything else ('abc', '0', '-2',
 * '1.5', '', missing) is page 1. Numbers past the end are clamped later by `clampPage`.
 */
export function parsePage(raw: string | null | undefined): number {
  const text = (raw ?? '').trim();
  if (!/^\d{1,6}$/.test(text)) return 1;
  const page = Number(text);
  if (page < 1) return 1;
  return Math.min(page, MAX_CATALOGUE_PAGE);
}

/** How many pages a list of `total` products has (at least 1, so an empty list has page 1). */
export function pageCount(total: number, pageSize = CATALOGUE_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / pageSize));
}

/** A page past the end is the last page: never an error, never an empty page. */
export function clampPage(page: number, total: number, pageSize = CATALOGUE_PAGE_SIZE): number {
  return Math.min(Math.max(1, Math.trunc(page) || 1), pageCount(total, pageSize));
}

/** How many products page N shows (its own and those before it). */
export function shownThrough(page: number, pageSize = CATALOGUE_PAGE_SIZE): number {
  return Math.max(1, page) * pageSize;
}

/**
 * The query string of a collection link: the filter and page, in that order, without the
 * defaults (All, page 1), so every list has one address (and one full-page cache entry).
 */
export function collectionSearch(options: { filter: string; page?: number }): string {
  const params = new URLSearchParams();
  if (options.filter) params.set('filter', options.filter);
  if (options.page && options.page > 1) params.set('page', String(options.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The own-product list a collection page reads (SPEC §2). */
export interface OwnListQuery {
  /** Only products whose placement includes this tag ('chosen', 'strength-in-christ', ...). */
  placement?: string;
  /** Only products of this category (case-insensitive). */
  category?: string;
  /** Only products flagged is_new_arrival. */
  newArrivals?: boolean;
}

/**
 * Where a storefront list comes from, by the spec's fallback chain (SPEC §2 Home, T-Shirts,
 * Hoodies): external shop products if any, else own products, else a built-in demo item.
 */
export interface CollectionSource {
  /** External shop source: the home list or a collection handle ('tshirts', 'hoodies'). */
  external?: { kind: 'products'; first: number } | { kind: 'collection'; handle: string };
  own?: OwnListQuery;
  /** The built-in demo item's slug, when the own products are empty too. */
  demoSlug?: string;
}

/** A paged storefront list as a page shows it (loaders send this; the cards are public shapes). */
export interface CollectionList<Card> {
  /** The cards of pages 1 to `page`, after the filter. */
  cards: Card[];
  /** How many products match the filter: the count the page shows. */
  total: number;
  /** How many the source has before the filter (decides the empty state). */
  sourceTotal: number;
  /** The page shown: the one asked for, or the last one when it asked past the end. */
  page: number;
  pageCount: number;
}

/** How a page words its count: SPEC §2 '1 item' / 'N items', or 'N item(s)' (Gracefully Chosen). */
export type CountStyle = 'items' | 'item(s)';

export function collectionCountLabel(style: CountStyle, count: number): string {
  return style === 'item(s)' ? MESSAGES.itemCountLabelParenthesized(count) : MESSAGES.itemCountLabel(count);
}
