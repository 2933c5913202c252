/**
 * Favorites (issue 13): the heart on a card or product page saves the product. Guests keep
 * their list in the browser (localStorage `favorites`); signed-in shoppers keep it on their
 * account, and a guest list is merged into the account at sign-in. Only the shop's own
 * products can be saved (external Shopify products have no page of ours to come back to).
 */

/** The browser's list of a guest (an array of product ids). */
export const FAVORITES_STORAGE_KEY = 'favorites';

/** At most this many saved products per account (and per guest list). */
export const FAVORITES_LIMIT = 200;

/** What the heart's button says to a screen reader (its state is aria-pressed). */
export const favoriteButtonLabel = (title: string) => `Save ${title} to favorites`;

export const FAVORITES_MESSAGES = {
  signInRequired: 'Sign in to keep favorites on your account.',
  productUnavailable: 'This product is no longer available.',
  limitReached: `You can save up to ${FAVORITES_LIMIT} favorites.`,
  saveFailed: 'Could not update your favorites. Please try again.',
  invalidRequest: 'Invalid request',
} as const;

const PRODUCT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a product id as the database writes them (a UUID). */
export function isProductId(value: unknown): value is string {
  return typeof value === 'string' && PRODUCT_ID.test(value);
}

/**
 * A saved guest list read back from storage: product ids only, each once, newest last, at most
 * the limit. Anything else in storage (a broken value, other types) is dropped, never thrown.
 */
export function parseFavoriteIds(raw: unknown): string[] {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(value)) return [];
  const ids = [...new Set(value.filter(isProductId).map((id) => id.toLowerCase()))];
  return ids.slice(-FAVORITES_LIMIT);
}
