/**
 * Products of the fake Storefront API, in the wire shape of Storefront API 2025-01
 * (connections with `nodes`, money as Shopify writes decimals: "28.0").
 * Image URLs point at the fake itself (`${baseUrl}/images/<name>.webp`).
 */
export const FIXTURE_IMAGES: Record<string, string> = {
  // name served by the fake → file under public/images/products/
  'grace-abounds-tee-front': 'classic-cross-tee-sky-blue-960.webp',
  'grace-abounds-tee-back': 'classic-cross-tee-white-960.webp',
  'light-of-the-world-tee': 'walk-by-faith-vintage-tee-cream-960.webp',
  'mustard-seed-tee': 'philippians-4-13-tee-yellow-960.webp',
  'psalm-23-tee': 'simple-cross-tee-blue-960.webp',
  'redeemed-crewneck-hoodie': 'faith-over-fear-hoodie-navy-960.webp',
  'shepherd-zip-hoodie': 'be-still-fleece-hoodie-sage-960.webp',
  'hope-anchor-hoodie': 'grace-upon-grace-hoodie-cream-960.webp',
};

export interface FixtureMoney {
  amount: string;
  currencyCode: string;
}

export interface FixtureProduct {
  id: string;
  title: string;
  handle: string;
  description: string | null;
  tags: string[] | null;
  productType: string | null;
  vendor: string | null;
  images: { nodes: { id: string | null; url: string; altText: string | null }[] };
  variants: {
    nodes: {
      id: string;
      title: string;
      availableForSale: boolean;
      selectedOptions: { name: string; value: string }[];
      price: FixtureMoney;
      compareAtPrice: FixtureMoney | null;
    }[];
  };
  priceRange: { minVariantPrice: FixtureMoney; maxVariantPrice: FixtureMoney };
}

const usd = (amount: string): FixtureMoney => ({ amount, currencyCode: 'USD' });

/**
 * A variant whose title names its options as Shopify writes them: 'M' (one option, Size),
 * 'Cream / M' (Color / Size), 'Default Title' (a product without options).
 */
function variant(id: number, title: string, price: string, compareAt: string | null = null, available = true) {
  const parts = title.split(' / ');
  const selectedOptions =
    title === 'Default Title'
      ? [{ name: 'Title', value: 'Default Title' }]
      : parts.length === 2
        ? [
            { name: 'Color', value: parts[0]! },
            { name: 'Size', value: parts[1]! },
          ]
        : [{ name: 'Size', value: title }];
  return {
    id: `gid://shopify/ProductVariant/${id}`,
    title,
    availableForSale: available,
    selectedOptions,
    price: usd(price),
    compareAtPrice: compareAt ? usd(compareAt) : null,
  };
}

export const UNAVAILABLE_VARIANT_ID = 'gid://shopify/ProductVariant/3001';

export function shopifyFixtures(baseUrl: string) {
  const image = (id: number | null, name: string, altText: string | null) => ({
    id: id === null ? null : `gid://shopify/ProductImage/${id}`,
    url: `${baseUrl}/images/${name}.webp`,
    altText,
  });

  const products: FixtureProduct[] = [
    {
      id: 'gid://shopify/Product/1001',
      title: 'Grace Abounds Tee',
      handle: 'grace-abounds-tee',
      description: 'A soft cotton tee with a hand-lettered reminder that grace abounds.',
      tags: ['tee', 'new'],
      productType: 'T-Shirt',
      vendor: 'Wear Your Faith Studio',
      images: {
        nodes: [
          image(5001, 'grace-abounds-tee-front', 'Grace Abounds Tee, front'),
          image(5002, 'grace-abounds-tee-back', 'Grace Abounds Tee, back'),
        ],
      },
      variants: {
        nodes: [
          variant(1001, 'S', '32.0', '40.0'),
          variant(1002, 'M', '32.0', '40.0'),
          variant(1003, 'L', '34.5', '40.0'),
        ],
      },
      priceRange: { minVariantPrice: usd('32.0'), maxVariantPrice: usd('34.5') },
    },
    {
      id: 'gid://shopify/Product/2001',
      title: 'Light of the World Tee',
      handle: 'light-of-the-world-tee',
      description: 'Vintage-washed tee inspired by Matthew 5:14.',
      tags: ['tee'],
      productType: 'T-Shirt',
      vendor: 'Wear Your Faith Studio',
      images: { nodes: [image(5003, 'light-of-the-world-tee', 'Light of the World Tee in cream')] },
      // Two options (Color / Size): the black L is sold out, the black ones cost more.
      variants: {
        nodes: [
          variant(2001, 'Cream / M', '28.0'),
          variant(2002, 'Cream / L', '28.0'),
          variant(2003, 'Black / M', '29.0', '33.0'),
          variant(2004, 'Black / L', '29.0', '33.0', false),
        ],
      },
      priceRange: { minVariantPrice: usd('28.0'), maxVariantPrice: usd('29.0') },
    },
    {
      id: 'gid://shopify/Product/3001',
      title: 'Mustard Seed Tee',
      handle: 'mustard-seed-tee',
      description: 'Faith as small as a mustard seed.',
      tags: ['tee', 'limited'],
      productType: 'T-Shirt',
      vendor: 'Wear Your Faith Studio',
      images: { nodes: [image(5004, 'mustard-seed-tee', 'Mustard Seed Tee in yellow')] },
      variants: {
        nodes: [
          variant(3001, 'S', '30.0', null, false), // the unavailable variant (first, so the card shows it)
          variant(3002, 'M', '30.0'),
          variant(3003, 'L', '30.0'),
        ],
      },
      priceRange: { minVariantPrice: usd('30.0'), maxVariantPrice: usd('30.0') },
    },
    {
      // Optional fields missing: what a sparsely filled-in product looks like.
      id: 'gid://shopify/Product/4001',
      title: 'Psalm 23 Minimal Tee',
      handle: 'psalm-23-minimal-tee',
      description: null,
      tags: null,
      productType: null,
      vendor: null,
      images: { nodes: [image(null, 'psalm-23-tee', null)] },
      variants: { nodes: [variant(4001, 'Default Title', '25.0')] },
      priceRange: { minVariantPrice: usd('25.0'), maxVariantPrice: usd('25.0') },
    },
    {
      id: 'gid://shopify/Product/6001',
      title: 'Redeemed Crewneck Hoodie',
      handle: 'redeemed-crewneck-hoodie',
      description: 'Heavyweight fleece hoodie with an embroidered “Redeemed”.',
      tags: ['hoodie', 'sale'],
      productType: 'Hoodie',
      vendor: 'Wear Your Faith Studio',
      images: { nodes: [image(5006, 'redeemed-crewneck-hoodie', 'Redeemed Crewneck Hoodie in navy')] },
      variants: { nodes: [variant(6001, 'M', '55.0', '65.0'), variant(6002, 'L', '55.0', '65.0')] },
      priceRange: { minVariantPrice: usd('55.0'), maxVariantPrice: usd('55.0') },
    },
    {
      id: 'gid://shopify/Product/7001',
      title: 'Shepherd Zip Hoodie',
      handle: 'shepherd-zip-hoodie',
      description: 'A zip hoodie in sage, for quiet mornings.',
      tags: ['hoodie'],
      productType: 'Hoodie',
      vendor: 'Wear Your Faith Studio',
      images: { nodes: [image(5007, 'shepherd-zip-hoodie', 'Shepherd Zip Hoodie in sage')] },
      variants: { nodes: [variant(7001, 'S', '58.0'), variant(7002, 'M', '58.0')] },
      priceRange: { minVariantPrice: usd('58.0'), maxVariantPrice: usd('58.0') },
    },
    {
      id: 'gid://shopify/Product/8001',
      title: 'Hope Anchor Hoodie',
      handle: 'hope-anchor-hoodie',
      description: 'Hebrews 6:19 on a cream pullover.',
      tags: ['hoodie'],
      productType: 'Hoodie',
      vendor: 'Wear Your Faith Studio',
      images: { nodes: [image(5008, 'hope-anchor-hoodie', 'Hope Anchor Hoodie in cream')] },
      variants: { nodes: [variant(8001, 'M', '60.0'), variant(8002, 'XL', '62.0')] },
      priceRange: { minVariantPrice: usd('60.0'), maxVariantPrice: usd('62.0') },
    },
  ];

  const byHandle = (handle: string) => products.find((p) => p.handle === handle)!;
  const collections: Record<string, { id: string; products: FixtureProduct[] }> = {
    tshirts: {
      id: 'gid://shopify/Collection/9001',
      products: ['grace-abounds-tee', 'light-of-the-world-tee', 'mustard-seed-tee', 'psalm-23-minimal-tee'].map(byHandle),
    },
    hoodies: {
      id: 'gid://shopify/Collection/9002',
      products: ['redeemed-crewneck-hoodie', 'shepherd-zip-hoodie', 'hope-anchor-hoodie'].map(byHandle),
    },
  };

  return { products, collections };
}

export const FIXTURE_TITLES = {
  all: [
    'Grace Abounds Tee',
    'Light of the World Tee',
    'Mustard Seed Tee',
    'Psalm 23 Minimal Tee',
    'Redeemed Crewneck Hoodie',
    'Shepherd Zip Hoodie',
    'Hope Anchor Hoodie',
  ],
  tshirts: ['Grace Abounds Tee', 'Light of the World Tee', 'Mustard Seed Tee', 'Psalm 23 Minimal Tee'],
  hoodies: ['Redeemed Crewneck Hoodie', 'Shepherd Zip Hoodie', 'Hope Anchor Hoodie'],
};
