/**
 * A product of the external shop (Shopify Storefront API), normalised.
 * SPEC §3 'Product (external shop, normalised)'. Amounts stay the decimal strings Shopify
 * sends ("28.0"); parse them with money.parsePriceToCents, never compare them as text.
 */
export interface ExternalMoney {
  amount: string;
  currencyCode: string;
}

export interface ExternalProduct {
  id: string;
  title: string;
  handle: string;
  description: string;
  images: { id: string; src: string; altText: string }[];
  variants: {
    id: string;
    title: string;
    price: ExternalMoney;
    compareAtPrice?: ExternalMoney;
    availableForSale: boolean;
    /** The variant's option values ({ name: 'Color', value: 'Black' }, { name: 'Size', value: 'M' }). */
    selectedOptions?: { name: string; value: string }[];
  }[];
  priceRange: { minVariantPrice: ExternalMoney; maxVariantPrice: ExternalMoney };
  tags: string[];
  productType: string;
  vendor: string;
}
