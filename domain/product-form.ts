/**
 * Product form: the single source of what a valid product is when an admin adds or edits one.
 * The dialog uses it to disable Save and preview; the server parses with `ProductInputSchema`.
 * SPEC §5 Add or edit product: "name, price and category are required; otherwise 'Please fill
 * in all required fields' ... Price inputs are numeric with step 0.01 and parsed as decimals.
 * original_price and cost become null when empty on create. Colors and sizes are comma-separated
 * lists, trimmed, with blanks dropped on blur."
 * SPEC §5 Image upload: type must start with image/, size under 5MB, the first image is the main one.
 * SPEC §9: categories t-shirts, hoodies, accessories; placement tags 'chosen' (SPEC writes it
 * with the brand placeholder), strength-in-christ, gracefully-chosen.
 */
import { z } from 'zod';
import { BRAND_LINE, BRAND_LINE_PLACEMENT_TAG, BRAND_PLACEMENT_TAG, BRAND_WORD } from './brand';
import { PRODUCT_CATEGORIES } from './categories';
import * as ADMIN_MESSAGES from './admin-messages';
import { formatCount, parsePriceToCents } from './money';
import { hasUnprintable } from './printable';

export { isProductCategory, PRODUCT_CATEGORIES, type ProductCategory } from './categories';

/**
 * Placement tags. SPEC §9 writes the T-Shirts page's tag with the brand placeholder; it is
 * 'chosen' (domain/brand.ts). The storefront migration renamed stored tags.
 */
export const PLACEMENT_TAGS = [BRAND_PLACEMENT_TAG, 'strength-in-christ', BRAND_LINE_PLACEMENT_TAG] as const;
export type PlacementTag = (typeof PLACEMENT_TAGS)[number];

/** What the admin reads beside each placement checkbox: the page the tag puts a product on. */
export const PLACEMENT_TAG_LABELS: Record<PlacementTag, string> = {
  [BRAND_PLACEMENT_TAG]: `${BRAND_WORD}. (T-Shirts page)`,
  'strength-in-christ': 'Strength in Christ',
  [BRAND_LINE_PLACEMENT_TAG]: BRAND_LINE,
};

export const PRODUCT_NAME_MAX_LENGTH = 120;
export const PRODUCT_DESCRIPTION_MAX_LENGTH = 5000;
export const PRODUCT_PRICE_MAX_CENTS = 10_000_000;
export const PRODUCT_MAX_IMAGES = 20;
export const PRODUCT_MAX_LIST_ENTRIES = 30;
export const PRODUCT_LIST_ENTRY_MAX_LENGTH = 40;
/**
 * What the server says when a field breaks a limit above (the form's inputs keep to them; a
 * request that does not gets the field's name, not the checker's words).
 */
export const PRODUCT_LIMIT_MESSAGES = {
  name: `Name: at most ${PRODUCT_NAME_MAX_LENGTH} characters`,
  description: `Description: at most ${formatCount(PRODUCT_DESCRIPTION_MAX_LENGTH)} characters`,
  images: `At most ${PRODUCT_MAX_IMAGES} images per product`,
  list: (label: string) =>
    `${label}: at most ${PRODUCT_MAX_LIST_ENTRIES} entries of 1 to ${PRODUCT_LIST_ENTRY_MAX_LENGTH} characters each`,
  placement: `Placement: choose from ${PLACEMENT_TAGS.join(', ')}`,
  flag: (label: string) => `${label}: yes or no`,
  unprintable: (label: string) => `${label} has characters that cannot be printed: remove them`,
} as const;
/** The most pixels an uploaded image may have: far beyond any product photo (decompression bombs). */
export const PRODUCT_IMAGE_MAX_PIXELS = 40_000_000;
/** Upload limit per image: sizes must be under this. SPEC §9 */
export const PRODUCT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** True for a placement tag. */
export function isPlacementTag(value: unknown): value is PlacementTag {
  return typeof value === 'string' && (PLACEMENT_TAGS as readonly string[]).includes(value);
}

function unique<T>(values: readonly T[]): T[] {
  return [...new Set(values)];
}

/** Splits 'S, M,, L ,M' into ['S', 'M', 'L']: trimmed, blanks dropped, first occurrence kept. SPEC §5 */
export function splitCommaList(raw: string): string[] {
  return unique(
    raw
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== ''),
  );
}

/**
 * A URL-safe slug: 'Simple Cross Tee!' -> 'simple-cross-tee', "God's Love" -> 'gods-love'.
 * Accents are folded to plain letters; the result may be '' for a name without letters or digits.
 */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, PRODUCT_NAME_MAX_LENGTH)
    .replace(/-+$/, '');
}

/**
 * The image list and its main image: trimmed, blanks and repeats dropped, main image = first.
 * When the list is empty a given main image becomes the list. SPEC §5 Image upload
 */
export function normalizeImages(
  imageUrls: readonly string[],
  fallbackImageUrl: string | null = null,
): { imageUrl: string | null; imageUrls: string[] } {
  const list = unique(imageUrls.map((url) => url.trim()).filter((url) => url !== ''));
  if (list.length === 0 && fallbackImageUrl?.trim()) list.push(fallbackImageUrl.trim());
  return { imageUrl: list[0] ?? null, imageUrls: list };
}

/** True when a form has a name, a price and a category, so Save may be enabled. SPEC §5 */
export function isProductFormComplete(values: {
  name: string | null | undefined;
  price: string | number | null | undefined;
  category: string | null | undefined;
}): boolean {
  const hasPrice = typeof values.price === 'number' ? Number.isFinite(values.price) : Boolean(values.price?.trim());
  return Boolean(values.name?.trim()) && hasPrice && Boolean(values.category?.trim());
}

/** Checks an image before upload: null when fine, else the spec's message. SPEC §5 Image upload */
export function validateImageFile(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith('image/')) return ADMIN_MESSAGES.imageTypeInvalid;
  if (!(file.size < PRODUCT_IMAGE_MAX_BYTES)) return ADMIN_MESSAGES.imageTooLarge;
  return null;
}

/**
 * Image addresses are either site paths ('/uploads/...') or http(s) URLs; anything else
 * (javascript:, data:) is refused because it ends up in an <img src>.
 */
function isSafeImageUrl(url: string): boolean {
  return /^\/(?!\/)/.test(url) || /^https?:\/\/[^\s]+$/i.test(url);
}

const isBlank = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

const required = { error: ADMIN_MESSAGES.productRequiredFields };

const ImageUrlSchema = z
  .string()
  .trim()
  .max(2048, { error: ADMIN_MESSAGES.productImageUrlInvalid })
  .refine(isSafeImageUrl, { error: ADMIN_MESSAGES.productImageUrlInvalid });

/** A list given as an array or as a comma-separated string, trimmed and de-duplicated. */
function listSchema<T extends z.ZodType<string>>(label: string, entry: T) {
  const error = PRODUCT_LIMIT_MESSAGES.list(label);
  return z.preprocess(
    (value) => (isBlank(value) ? [] : typeof value === 'string' ? splitCommaList(value) : value),
    z.array(entry, { error }).max(PRODUCT_MAX_LIST_ENTRIES, { error }).transform(unique),
  );
}

const listEntrySchema = (label: string) => {
  const error = PRODUCT_LIMIT_MESSAGES.list(label);
  return z
    .string({ error })
    .trim()
    .min(1, { error })
    .max(PRODUCT_LIST_ENTRY_MAX_LENGTH, { error })
    .refine((entry) => !hasUnprintable(entry), { error: PRODUCT_LIMIT_MESSAGES.unprintable(label) });
};

function optionalCentsSchema(minimum: 0 | 1, message: string) {
  return z.preprocess(
    (value) => (isBlank(value) ? null : value),
    z
      .number({ error: message })
      .int({ error: message })
      .min(minimum, { error: message })
      .max(PRODUCT_PRICE_MAX_CENTS, { error: message })
      .nullable(),
  );
}

const flagSchema = (label: string) =>
  z.union([z.boolean(), z.stringbool()], { error: PRODUCT_LIMIT_MESSAGES.flag(label) });

/**
 * A product as the server accepts it (money in integer cents). Missing name, price or
 * category fail with 'Please fill in all required fields'. Unknown keys are dropped; a
 * missing slug is generated from the name; the main image is the first of `imageUrls`.
 */
export const ProductInputSchema = z
  .object(
    {
      name: z
        .string(required)
        .trim()
        .min(1, required)
        .max(PRODUCT_NAME_MAX_LENGTH, { error: PRODUCT_LIMIT_MESSAGES.name })
        .refine((name) => !hasUnprintable(name), { error: PRODUCT_LIMIT_MESSAGES.unprintable('Name') }),
      slug: z.preprocess(
        (value) => (isBlank(value) ? undefined : value),
        z
          .string()
          .trim()
          .max(PRODUCT_NAME_MAX_LENGTH, { error: ADMIN_MESSAGES.productSlugInvalid })
          .regex(SLUG_PATTERN, { error: ADMIN_MESSAGES.productSlugInvalid })
          .optional(),
      ),
      description: z.preprocess(
        (value) => (value === null ? undefined : value),
        z
          .string({ error: PRODUCT_LIMIT_MESSAGES.description })
          .trim()
          .max(PRODUCT_DESCRIPTION_MAX_LENGTH, { error: PRODUCT_LIMIT_MESSAGES.description })
          .refine((text) => !hasUnprintable(text), { error: PRODUCT_LIMIT_MESSAGES.unprintable('Description') })
          .default(''),
      ),
      priceCents: z.preprocess(
        (value) => (isBlank(value) ? undefined : value),
        z
          .number({
            error: (issue) =>
              issue.input === undefined ? ADMIN_MESSAGES.productRequiredFields : ADMIN_MESSAGES.productPriceInvalid,
          })
          .int({ error: ADMIN_MESSAGES.productPriceInvalid })
          .positive({ error: ADMIN_MESSAGES.productPriceInvalid })
          .max(PRODUCT_PRICE_MAX_CENTS, { error: ADMIN_MESSAGES.productPriceInvalid }),
      ),
      originalPriceCents: optionalCentsSchema(1, ADMIN_MESSAGES.productOriginalPriceInvalid),
      costCents: optionalCentsSchema(0, ADMIN_MESSAGES.productCostInvalid),
      category: z.preprocess(
        (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
        z.enum(PRODUCT_CATEGORIES, required),
      ),
      imageUrl: z.preprocess((value) => (isBlank(value) ? null : value), ImageUrlSchema.nullable()),
      imageUrls: z.preprocess(
        (value) => value ?? [],
        z
          .array(ImageUrlSchema, { error: ADMIN_MESSAGES.productImageUrlInvalid })
          .max(PRODUCT_MAX_IMAGES, { error: PRODUCT_LIMIT_MESSAGES.images }),
      ),
      colors: listSchema('Colors', listEntrySchema('Colors')),
      sizes: listSchema('Sizes', listEntrySchema('Sizes')),
      placement: listSchema('Placement', z.enum(PLACEMENT_TAGS, { error: PRODUCT_LIMIT_MESSAGES.placement })),
      tags: listSchema('Tags', listEntrySchema('Tags').toLowerCase()),
      isNewArrival: flagSchema('New arrival').default(false),
      isFeatured: flagSchema('Featured').default(false),
      isActive: flagSchema('Active').default(true),
    },
    // A body that is not an object (an array, a number) is a form with nothing filled in.
    required,
  )
  .transform(({ slug, imageUrl, imageUrls, ...rest }) => ({
    ...rest,
    slug: slug ?? (slugify(rest.name) || 'product'),
    ...normalizeImages(imageUrls, imageUrl),
  }));

export type ProductInput = z.output<typeof ProductInputSchema>;

/** The add/edit dialog's fields as typed (prices in dollars, lists comma-separated). SPEC §5 */
export type ProductFormValues = {
  name: string;
  description: string;
  price: string;
  originalPrice: string;
  cost: string;
  category: string;
  imageUrls: readonly string[];
  colors: string;
  sizes: string;
  placement: readonly string[];
  tags: string;
  isNewArrival: boolean;
  isFeatured: boolean;
  isActive: boolean;
};

/** Dollars as typed -> cents; blank -> null; unparseable text is passed on for the schema to refuse. */
function formPriceToCents(raw: string): number | string | null {
  if (raw.trim() === '') return null;
  return parsePriceToCents(raw) ?? raw;
}

/**
 * What the dialog sends: its values in the shape `ProductInputSchema` parses (prices in
 * cents, or the text as typed when it is not a price, for the schema to refuse by name).
 */
export interface ProductDraft {
  name: string;
  /** Kept when editing, so a renamed product keeps its address. */
  slug?: string;
  description: string;
  priceCents: number | string | null;
  originalPriceCents: number | string | null;
  costCents: number | string | null;
  category: string;
  imageUrls: string[];
  colors: string;
  sizes: string;
  placement: string[];
  tags: string;
  isNewArrival: boolean;
  isFeatured: boolean;
  isActive: boolean;
  /** A new product's stock grid (issue 32 item 2), created with it: blank = not tracked. */
  stock?: { color: string; size: string; quantity: string }[];
}

/** Maps the dialog's values to the object `ProductInputSchema` parses. SPEC §5 */
export function productFormToInput(values: ProductFormValues): ProductDraft {
  return {
    name: values.name,
    description: values.description,
    priceCents: formPriceToCents(values.price),
    originalPriceCents: formPriceToCents(values.originalPrice),
    costCents: formPriceToCents(values.cost),
    category: values.category,
    imageUrls: [...values.imageUrls],
    colors: values.colors,
    sizes: values.sizes,
    placement: [...values.placement],
    tags: values.tags,
    isNewArrival: values.isNewArrival,
    isFeatured: values.isFeatured,
    isActive: values.isActive,
  };
}
