/**
 * The pages a shop needs by law and by trust (issue 32 item 11): the privacy policy, the terms
 * of sale and the returns policy. Each has an address under /policies/, a title, and a text the
 * owner edits in the admin (Pages tab); until they do, the shop shows the defaults of
 * shop-page-defaults.ts (a module of its own: only the server reads them). The footer links to
 * all three and the checkout to the terms.
 *
 * The pages' text format: shop-page-text.ts. This module is what every page's footer needs
 * (it is in the storefront's JavaScript): keep it to names and addresses.
 */

export const SHOP_PAGE_SLUGS = ['privacy-policy', 'terms-of-sale', 'returns-policy'] as const;
export type ShopPageSlug = (typeof SHOP_PAGE_SLUGS)[number];

export const SHOP_PAGE_TITLES: Record<ShopPageSlug, string> = {
  'privacy-policy': 'Privacy Policy',
  'terms-of-sale': 'Terms of Sale',
  'returns-policy': 'Returns Policy',
};

export function isShopPageSlug(value: unknown): value is ShopPageSlug {
  return typeof value === 'string' && (SHOP_PAGE_SLUGS as readonly string[]).includes(value);
}

/** The page's address: `/policies/terms-of-sale`. */
export function shopPagePath(slug: ShopPageSlug): string {
  return `/policies/${slug}`;
}

/** How long after delivery an unworn item may be returned (the footer's Returns and the returns policy). */
export const RETURN_WINDOW_DAYS = 30;

/** Longest page text the admin may save (characters). */
export const SHOP_PAGE_MAX_LENGTH = 20_000;
