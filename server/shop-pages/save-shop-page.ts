/**
 * The admin's edit of a policy page (domain/shop-pages.ts): saves the owner's text, or with
 * `body: null` restores the default text. Either way the page's cached copies are dropped
 * (decision 018: in this process and, on PostgreSQL, in every other), so the next visitor reads
 * the new text.
 */
import { eq } from 'drizzle-orm';
import { shopPageTag } from '../../domain/catalogue-tags';
import { normalisePageBody } from '../../domain/shop-page-body';
import type { ShopPageSlug } from '../../domain/shop-pages';
import { badRequest } from '../app-error';
import type { Executor } from '../db/client';
import { shopPages } from '../db/schema';
import { getShopPage, type ShopPage } from './get-shop-pages';

export async function saveShopPage(options: {
  db: Executor;
  invalidateCatalogue(tags: readonly string[]): void;
  slug: ShopPageSlug;
  /** The new text, or null for the default text. */
  body: unknown;
}): Promise<ShopPage> {
  const { db, slug } = options;
  if (options.body === null) {
    await db.delete(shopPages).where(eq(shopPages.slug, slug));
  } else {
    const checked = normalisePageBody(options.body);
    if (!checked.ok) throw badRequest(checked.message);
    await db
      .insert(shopPages)
      .values({ slug, body: checked.body })
      .onConflictDoUpdate({ target: shopPages.slug, set: { body: checked.body, updatedAt: new Date() } });
  }
  options.invalidateCatalogue([shopPageTag(slug)]);
  return getShopPage({ db, slug });
}
