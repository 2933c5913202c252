/**
 * Product categories: the single source of the category values (SPEC §9), the name a person
 * reads for each, and the shop page that lists it.
 */

/** Product categories. SPEC §9 */
export const PRODUCT_CATEGORIES = ['t-shirts', 'hoodies', 'accessories'] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

/** What a person reads for each category (filters, breadcrumbs, the admin's select). SPEC §2 */
export const CATEGORY_LABELS: Record<ProductCategory, string> = {
  't-shirts': 'T-Shirts',
  hoodies: 'Hoodies',
  accessories: 'Accessories',
};

/** The collection page of each category. SPEC §2 routes */
export const CATEGORY_PATHS: Record<ProductCategory, string> = {
  't-shirts': '/t-shirts',
  hoodies: '/hoodies',
  accessories: '/accessories',
};

/** True for a product category value. */
export function isProductCategory(value: unknown): value is ProductCategory {
  return typeof value === 'string' && (PRODUCT_CATEGORIES as readonly string[]).includes(value);
}
