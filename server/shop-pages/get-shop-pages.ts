/**
 * The shop's policy pages as shown (domain/shop-pages.ts): the owner's text where they wrote
 * one, the default text (domain/shop-page-defaults.ts) where they did not.
 */
import { eq } from 'drizzle-orm';
import { DEFAULT_SHOP_PAGE_BODIES } from '../../domain/shop-page-defaults';
import { SHOP_PAGE_SLUGS, SHOP_PAGE_TITLES, type ShopPageSlug } from '../../domain/shop-pages';
import type { Executor } from '../db/client';
import { shopPages } from '../db/schema';

export interface ShopPage {
  slug: ShopPageSlug;
  title: string;
  body: string;
  /** When the owner last saved it; null while it shows the default text. */
  updatedAt: Date | null;
  isDefault: boolean;
}

function shopPageFrom(slug: ShopPageSlug, row: { body: string; updatedAt: Date } | undefined): ShopPage {
  return {
    slug,
    title: SHOP_PAGE_TITLES[slug],
    body: row?.body ?? DEFAULT_SHOP_PAGE_BODIES[slug],
    updatedAt: row?.updatedAt ?? null,
    isDefault: !row,
  };
}

/** One page, for its public address. */
export async function getShopPage(options: { db: Executor; slug: ShopPageSlug }): Promise<ShopPage> {
  const [row] = await options.db.select().from(shopPages).where(eq(shopPages.slug, options.slug));
  return shopPageFrom(options.slug, row);
}

/** All three, in the footer's order, for the admin's Pages tab. */
export async function listShopPages(options: { db: Executor }): Promise<ShopPage[]> {
  const rows = await options.db.select().from(shopPages);
  return SHOP_PAGE_SLUGS.map((slug) =>
    shopPageFrom(
      slug,
      rows.find((row) => row.slug === slug),
    ),
  );
}
