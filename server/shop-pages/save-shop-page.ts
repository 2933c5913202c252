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
import { writeAuditEntry, type AuditActor } from '../audit/audit-log';

/** The log keeps the start of a page's text (pages run to many thousands of characters). */
function excerpt(text: string | null, fallback: string): string {
  if (text === null) return fallback;
  return text.length > 300 ? `${text.slice(0, 300)}… (${text.length} characters)` : text;
}

export async function saveShopPage(options: {
  db: Executor;
  invalidateCatalogue(tags: readonly string[]): void;
  slug: ShopPageSlug;
  /** The new text, or null for the default text. */
  body: unknown;
  /** Who saves it: the audit entry goes in the same transaction (issue 27). */
  actor: AuditActor;
}): Promise<ShopPage> {
  const { db, slug } = options;
  let body: string | null = null;
  if (options.body !== null) {
    const checked = normalisePageBody(options.body);
    if (!checked.ok) throw badRequest(checked.message);
    body = checked.body;
  }
  await db.transaction(async (tx) => {
    const [current] = await tx.select({ body: shopPages.body }).from(shopPages).where(eq(shopPages.slug, slug)).for('update');
    if (body === null) {
      await tx.delete(shopPages).where(eq(shopPages.slug, slug));
    } else {
      await tx
        .insert(shopPages)
        .values({ slug, body })
        .onConflictDoUpdate({ target: shopPages.slug, set: { body, updatedAt: new Date() } });
    }
    const from = current?.body ?? null;
    if (from === body) return;
    await writeAuditEntry(tx, options.actor, {
      action: body === null ? 'page.reset' : 'page.saved',
      target: slug,
      summary: body === null ? `restored the default text of the ${slug} page` : `saved the text of the ${slug} page`,
      changes: [{ field: 'text', from: excerpt(from, '(default text)'), to: excerpt(body, '(default text)') }],
    });
  });
  options.invalidateCatalogue([shopPageTag(slug)]);
  return getShopPage({ db, slug });
}
