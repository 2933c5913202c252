/**
 * Raw Storefront API product → SPEC §3 'Product (external shop, normalised)'.
 */
import type { ExternalMoney, ExternalProduct } from '../../domain/external-product';
import type { RawProduct } from './schemas';

const money = (value: { amount: string; currencyCode: string }): ExternalMoney => ({
  amount: value.amount,
  currencyCode: value.currencyCode,
});

export function normaliseProduct(raw: RawProduct): ExternalProduct {
  return {
    id: raw.id,
    title: raw.title,
    handle: raw.handle,
    description: raw.description ?? '',
    images: (raw.images?.nodes ?? []).map((image, index) => ({
      id: image.id ?? `${raw.id}#image-${index + 1}`,
      src: image.url,
      altText: image.altText?.trim() ? image.altText : raw.title,
    })),
    variants: raw.variants.nodes.map((variant) => ({
      id: variant.id,
      title: variant.title,
      price: money(variant.price),
      ...(variant.compareAtPrice ? { compareAtPrice: money(variant.compareAtPrice) } : {}),
      availableForSale: variant.availableForSale,
      selectedOptions: (variant.selectedOptions ?? []).map((option) => ({ name: option.name, value: option.value })),
    })),
    priceRange: {
      minVariantPrice: money(raw.priceRange.minVariantPrice),
      maxVariantPrice: money(raw.priceRange.maxVariantPrice),
    },
    tags: raw.tags ?? [],
    productType: raw.productType ?? '',
    vendor: raw.vendor ?? '',
  };
}
