/**
 * The six collection pages (SPEC §2), as one table: each row is a page's address, texts, list
 * source, filter row, count wording and empty state. app/routes.ts mounts one route module
 * (app/routes/collection-page.tsx) at every `path` (relative imports: routes.ts reads this file
 * outside Vite's aliases); the sitemap reads it too. Only loaders read it: a page gets its own
 * row in its loader data, so the browser never downloads the other five.
 */
import { BRAND_LINE_PLACEMENT_TAG, BRAND_PLACEMENT_TAG } from '../../../domain/brand';
import { FILTER_ROWS, type FilterPage, type FilterRow } from '../../../domain/catalog-filter';
import type { CollectionSource, CountStyle } from '../../../domain/catalog-page';
import * as MESSAGES from '../../../domain/messages';

export interface CollectionPage {
  key: FilterPage;
  path: string;
  /** The document title (before ' | Wear Your Faith') and the meta description. */
  title: string;
  description: string;
  hero: { eyebrow: string; title: string; text: string };
  /** The heading above the grid. */
  heading: string;
  source: CollectionSource;
  filters: FilterRow;
  /** SPEC §2: '1 item' / 'N items', or 'N item(s)' on the Gracefully Chosen page. */
  countStyle: CountStyle;
  empty: { title: string; text: string };
  /** SPEC §2 Strength in Christ: a skeleton of 8 while loading; 4 elsewhere. */
  skeletonCount: number;
  /** SPEC §2 New Arrivals: the 'Join Our Community' call to action under the grid. */
  communityCallToAction?: boolean;
}

const comingSoon = { title: MESSAGES.comingSoon, text: MESSAGES.comingSoonDescription };

export const COLLECTION_PAGES: readonly CollectionPage[] = [
  {
    key: 'new-arrivals',
    path: '/new-arrivals',
    title: 'New Arrivals',
    description: 'Just dropped: the newest faith-inspired tees, hoodies and accessories from Wear Your Faith.',
    hero: {
      eyebrow: 'New Arrivals',
      title: MESSAGES.justDropped,
      text: 'Fresh designs to carry your faith into every season. Be the first to wear them.',
    },
    heading: 'New Arrivals',
    // SPEC §2 New Arrivals: products flagged is_new_arrival, filtered by category.
    source: { own: { newArrivals: true } },
    filters: FILTER_ROWS['new-arrivals'],
    countStyle: 'items',
    empty: { title: MESSAGES.noNewArrivals, text: MESSAGES.noNewArrivalsDescription },
    skeletonCount: 4,
    communityCallToAction: true,
  },
  {
    key: 't-shirts',
    path: '/t-shirts',
    title: 'T-Shirts',
    description: 'Faith-inspired t-shirts: simple crosses, Bible verses and vintage washes in soft cotton and blends.',
    hero: {
      eyebrow: MESSAGES.navTShirts,
      title: 'T-Shirts',
      text: 'Soft, everyday tees that carry a message of hope, from simple crosses to favorite verses.',
    },
    heading: 'T-Shirts',
    // SPEC §2 T-Shirts: external collection 'tshirts', else own products placed 'chosen', else the verse demo card.
    source: {
      external: { kind: 'collection', handle: 'tshirts' },
      own: { placement: BRAND_PLACEMENT_TAG },
      demoSlug: 'philippians-4-13-tee',
    },
    filters: FILTER_ROWS['t-shirts'],
    countStyle: 'items',
    empty: comingSoon,
    skeletonCount: 4,
  },
  {
    key: 'hoodies',
    path: '/hoodies',
    title: 'Hoodies',
    description: 'Faith-inspired hoodies in fleece, cotton and heavyweight fabrics from Wear Your Faith.',
    hero: {
      eyebrow: 'Layer up in faith',
      title: 'Hoodies',
      text: 'Cozy fleece and heavyweight hoodies for cool mornings, youth group nights and everything in between.',
    },
    heading: 'Hoodies',
    // SPEC §2 Hoodies: external collection 'hoodies', else own hoodies (the seeded demo hoodies carry ratings).
    source: { external: { kind: 'collection', handle: 'hoodies' }, own: { category: 'hoodies' } },
    filters: FILTER_ROWS.hoodies,
    countStyle: 'items',
    empty: comingSoon,
    skeletonCount: 4,
  },
  {
    key: 'strength-in-christ',
    path: '/strength-in-christ',
    title: MESSAGES.navStrengthInChrist,
    description:
      'The Strength in Christ collection: faith-inspired apparel for the days you need reminding where your strength comes from.',
    hero: {
      eyebrow: 'Collection',
      title: MESSAGES.navStrengthInChrist,
      text: 'Bold reminders that our strength comes from Him: designs for training days and hard days alike.',
    },
    heading: MESSAGES.navStrengthInChrist,
    source: { own: { placement: 'strength-in-christ' } },
    filters: FILTER_ROWS['strength-in-christ'],
    countStyle: 'items',
    empty: comingSoon,
    skeletonCount: 8,
  },
  {
    key: 'accessories',
    path: '/accessories',
    title: 'Accessories',
    description: 'Faith-inspired accessories: cross necklaces, caps, prayer journals, bracelets, bookmarks and totes.',
    hero: {
      eyebrow: 'Finishing touches',
      title: 'Accessories',
      text: 'Necklaces, caps, journals and gifts to keep your faith close every day.',
    },
    heading: 'Accessories',
    // SPEC §2 Accessories: own accessories (the seeded demo items carry ratings).
    source: { own: { category: 'accessories' } },
    filters: FILTER_ROWS.accessories,
    countStyle: 'items',
    empty: comingSoon,
    skeletonCount: 4,
  },
  {
    key: 'eves-legacy',
    path: '/eves-legacy',
    title: MESSAGES.gracefullyChosen,
    description: `${MESSAGES.gracefullyChosen}: faith-inspired apparel and accessories for women, from Wear Your Faith.`,
    hero: {
      eyebrow: 'For her',
      title: MESSAGES.gracefullyChosen,
      text: 'Graceful designs for women who wear their faith with quiet confidence.',
    },
    heading: MESSAGES.gracefullyChosen,
    // SPEC §2 Gracefully Chosen: own products placed 'gracefully-chosen', filtered by category.
    source: { own: { placement: BRAND_LINE_PLACEMENT_TAG } },
    filters: FILTER_ROWS['eves-legacy'],
    countStyle: 'item(s)',
    empty: { title: MESSAGES.comingSoon, text: 'New pieces for this collection are on their way. Check back soon!' },
    skeletonCount: 4,
  },
];

/** The page mounted at a path ('/t-shirts' or '/t-shirts/'), if any. */
export function collectionPageAt(pathname: string): CollectionPage | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return COLLECTION_PAGES.find((page) => page.path === path);
}
