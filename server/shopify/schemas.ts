/**
 * What we accept from the Storefront API, checked with zod: an answer of another shape is
 * a logged error (the caller falls back), never a crash. Optional fields Shopify may leave
 * null (description, altText, compareAtPrice, tags, productType, vendor) are tolerated.
 */
import { z } from 'zod';

const MoneySchema = z.object({
  // Shopify writes decimals as strings ("28.0"); keep them as text, checked to be decimal.
  amount: z.string().regex(/^-?\d+(\.\d+)?$/, 'must be a decimal amount'),
  currencyCode: z.string().min(3).max(3),
});

const nullableString = z.string().nullish();

export const RawProductSchema = z.object({
  id: z.string().min(1),
  title: z.string(),
  handle: z.string(),
  description: nullableString,
  tags: z.array(z.string()).nullish(),
  productType: nullableString,
  vendor: nullableString,
  images: z
    .object({ nodes: z.array(z.object({ id: z.string().nullish(), url: z.string().min(1), altText: nullableString })) })
    .nullish(),
  variants: z.object({
    nodes: z.array(
      z.object({
        id: z.string().min(1),
        title: z.string(),
        availableForSale: z.boolean(),
        selectedOptions: z.array(z.object({ name: z.string(), value: z.string() })).nullish(),
        price: MoneySchema,
        compareAtPrice: MoneySchema.nullish(),
      }),
    ),
  }),
  priceRange: z.object({ minVariantPrice: MoneySchema, maxVariantPrice: MoneySchema }),
});
export type RawProduct = z.infer<typeof RawProductSchema>;

export const ProductsResponseSchema = z.object({
  products: z.object({ nodes: z.array(RawProductSchema) }),
});

export const CollectionProductsResponseSchema = z.object({
  collection: z
    .object({ products: z.object({ nodes: z.array(RawProductSchema) }) })
    .nullable(),
});

const CartProblemSchema = z.object({ code: z.string().nullish(), message: z.string().nullish() });

export const CartCreateResponseSchema = z.object({
  cartCreate: z
    .object({
      cart: z.object({ id: z.string(), checkoutUrl: z.string().url() }).nullish(),
      userErrors: z.array(CartProblemSchema).default([]),
      warnings: z.array(CartProblemSchema).nullish(),
    })
    .nullable(),
});
