/**
 * Built-in demo catalogue (SPEC §2 Home, T-Shirts, Hoodies, Accessories; §3; §9).
 *
 * Pure data: no runtime imports. Used to seed the own-backend `products` table and as the
 * built-in fallbacks. `scripts/generate-product-images.ts` reads this list to draw one image per
 * product colour, so every `imageUrls` entry below exists under `public/images/products/` in the
 * widths of `DEMO_IMAGE_WIDTHS` (`<slug>-<colour-kebab>-<width>.webp`). Money is integer cents.
 */
import { IMAGE_VARIANT_WIDTHS } from '../../domain/product-image';

export type DemoCategory = 't-shirts' | 'hoodies' | 'accessories';

/** 'chosen' is the T-Shirts placement tag (SPEC §3 writes it with the brand placeholder). */
export type DemoPlacement = 'chosen' | 'strength-in-christ' | 'gracefully-chosen';

export interface DemoProduct {
  slug: string;
  name: string;
  description: string;
  priceCents: number;
  originalPriceCents: number | null;
  costCents: number | null;
  category: DemoCategory;
  colors: string[];
  sizes: string[];
  placement: DemoPlacement[];
  /**
   * Lower-case filter facets. t-shirts: 'cotton' | 'blend' | 'vintage';
   * hoodies: 'fleece' | 'cotton' | 'heavyweight'; accessories: 'jewelry' | 'bags' | 'caps' | 'gifts'.
   */
  tags: string[];
  rating: number | null;
  isNewArrival: boolean;
  isFeatured: boolean;
  isActive: boolean;
  sortOrder: number;
  /** One image per colour, in the order of `colors` (public URL of the 960 variant). */
  imageUrls: string[];
}

/** Widths generated for every product image (the shop's variant widths); the URLs in `imageUrls` name the largest. */
export const DEMO_IMAGE_WIDTHS = IMAGE_VARIANT_WIDTHS;

const TEE_SIZES = ['XS', 'S', 'M', 'L', 'XL'];
const TEE_SIZES_XXL = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];
const HOODIE_SIZES = ['S', 'M', 'L', 'XL', 'XXL'];
const ONE_SIZE = ['One Size'];

export const DEMO_PRODUCTS: DemoProduct[] = [
  /* ------------------------------------------------------------------ t-shirts */
  {
    slug: 'simple-cross-tee',
    name: 'Simple Cross Tee',
    description:
      'A soft, everyday cotton tee with a small cross over the heart, a quiet reminder of whose you are. Relaxed fit, pre-shrunk and made to be worn on repeat.',
    priceCents: 1500,
    originalPriceCents: 2000,
    costCents: 650,
    category: 't-shirts',
    colors: ['Pink', 'Yellow', 'Blue', 'White'],
    sizes: TEE_SIZES,
    placement: ['chosen', 'gracefully-chosen'],
    tags: ['cotton'],
    rating: null,
    isNewArrival: true,
    isFeatured: true,
    isActive: true,
    sortOrder: 10,
    imageUrls: [
      '/images/products/simple-cross-tee-pink-960.webp',
      '/images/products/simple-cross-tee-yellow-960.webp',
      '/images/products/simple-cross-tee-blue-960.webp',
      '/images/products/simple-cross-tee-white-960.webp',
    ],
  },
  {
    slug: 'classic-cross-tee',
    name: 'Classic Cross Tee',
    description:
      'Our signature tee with a bold centered cross, printed on midweight combed cotton in soft spring shades. A timeless way to wear your faith, from Sunday service to Saturday errands.',
    priceCents: 2499,
    originalPriceCents: null,
    costCents: 1050,
    category: 't-shirts',
    colors: ['Sky Blue', 'Blush Pink', 'Cream', 'White'],
    sizes: TEE_SIZES_XXL,
    placement: ['chosen', 'strength-in-christ'],
    tags: ['cotton'],
    rating: null,
    isNewArrival: true,
    isFeatured: true,
    isActive: true,
    sortOrder: 20,
    imageUrls: [
      '/images/products/classic-cross-tee-sky-blue-960.webp',
      '/images/products/classic-cross-tee-blush-pink-960.webp',
      '/images/products/classic-cross-tee-cream-960.webp',
      '/images/products/classic-cross-tee-white-960.webp',
    ],
  },
  {
    slug: 'philippians-4-13-tee',
    name: 'Philippians 4:13 Tee',
    description:
      '"I can do all things through Christ who strengthens me." A lightweight cotton-poly blend tee with the verse beneath a radiant cross, made for workouts, game days and every hard day in between.',
    priceCents: 1500,
    originalPriceCents: 2000,
    costCents: 700,
    category: 't-shirts',
    colors: ['Pink', 'Yellow', 'Blue', 'White'],
    sizes: TEE_SIZES,
    placement: ['chosen', 'strength-in-christ'],
    tags: ['blend'],
    rating: null,
    isNewArrival: false,
    isFeatured: true,
    isActive: true,
    sortOrder: 30,
    imageUrls: [
      '/images/products/philippians-4-13-tee-pink-960.webp',
      '/images/products/philippians-4-13-tee-yellow-960.webp',
      '/images/products/philippians-4-13-tee-blue-960.webp',
      '/images/products/philippians-4-13-tee-white-960.webp',
    ],
  },
  {
    slug: 'walk-by-faith-vintage-tee',
    name: 'Walk by Faith Vintage Tee',
    description:
      'Garment-dyed for a lived-in, vintage feel, with a sun-faded cross badge inspired by 2 Corinthians 5:7: "For we walk by faith, not by sight." It only gets softer with every wash.',
    priceCents: 2299,
    originalPriceCents: null,
    costCents: 1000,
    category: 't-shirts',
    colors: ['Cream', 'Black'],
    sizes: TEE_SIZES_XXL,
    placement: ['chosen', 'gracefully-chosen'],
    tags: ['vintage'],
    rating: null,
    isNewArrival: true,
    isFeatured: false,
    isActive: true,
    sortOrder: 40,
    imageUrls: [
      '/images/products/walk-by-faith-vintage-tee-cream-960.webp',
      '/images/products/walk-by-faith-vintage-tee-black-960.webp',
    ],
  },

  /* ------------------------------------------------------------------ hoodies */
  {
    slug: 'faith-over-fear-hoodie',
    name: 'Faith Over Fear Hoodie',
    description:
      'A cozy brushed-fleece pullover with a cross on the chest for the days that call for courage. Lined hood, kangaroo pocket and ribbed cuffs that keep their shape.',
    priceCents: 4799,
    originalPriceCents: null,
    costCents: 2150,
    category: 'hoodies',
    colors: ['Heather Grey', 'Navy'],
    sizes: HOODIE_SIZES,
    placement: ['strength-in-christ'],
    tags: ['fleece'],
    rating: 4.7,
    isNewArrival: true,
    isFeatured: true,
    isActive: true,
    sortOrder: 50,
    imageUrls: [
      '/images/products/faith-over-fear-hoodie-heather-grey-960.webp',
      '/images/products/faith-over-fear-hoodie-navy-960.webp',
    ],
  },
  {
    slug: 'grace-upon-grace-hoodie',
    name: 'Grace Upon Grace Hoodie',
    description:
      'Part of our Gracefully Chosen line: a breathable cotton French-terry hoodie with a delicate heart-and-cross print, inspired by John 1:16. Soft enough for slow mornings and quiet time.',
    priceCents: 4999,
    originalPriceCents: null,
    costCents: 2250,
    category: 'hoodies',
    colors: ['Blush Pink', 'Cream'],
    sizes: HOODIE_SIZES,
    placement: ['gracefully-chosen'],
    tags: ['cotton'],
    rating: 4.8,
    isNewArrival: true,
    isFeatured: false,
    isActive: true,
    sortOrder: 60,
    imageUrls: [
      '/images/products/grace-upon-grace-hoodie-blush-pink-960.webp',
      '/images/products/grace-upon-grace-hoodie-cream-960.webp',
    ],
  },
  {
    slug: 'be-still-fleece-hoodie',
    name: 'Be Still Fleece Hoodie',
    description:
      '"Be still, and know that I am God" (Psalm 46:10). A plush, calm-toned fleece hoodie with a peaceful hillside cross on the chest, made for cool evenings and unhurried prayer.',
    priceCents: 5299,
    originalPriceCents: null,
    costCents: 2400,
    category: 'hoodies',
    colors: ['Cream', 'Sage'],
    sizes: HOODIE_SIZES,
    placement: [],
    tags: ['fleece'],
    rating: 4.8,
    isNewArrival: false,
    isFeatured: false,
    isActive: true,
    sortOrder: 70,
    imageUrls: [
      '/images/products/be-still-fleece-hoodie-cream-960.webp',
      '/images/products/be-still-fleece-hoodie-sage-960.webp',
    ],
  },
  {
    slug: 'armor-of-god-heavyweight-hoodie',
    name: 'Armor of God Heavyweight Hoodie',
    description:
      'Built like armour: a 400 gsm heavyweight cotton hoodie with a shield-and-cross print inspired by Ephesians 6:11. Structured hood, double-stitched seams and a roomy fit that lasts for years.',
    priceCents: 5499,
    originalPriceCents: null,
    costCents: 2600,
    category: 'hoodies',
    colors: ['Black', 'Lavender'],
    sizes: HOODIE_SIZES,
    placement: ['strength-in-christ'],
    tags: ['heavyweight'],
    rating: 4.9,
    isNewArrival: false,
    isFeatured: false,
    isActive: true,
    sortOrder: 80,
    imageUrls: [
      '/images/products/armor-of-god-heavyweight-hoodie-black-960.webp',
      '/images/products/armor-of-god-heavyweight-hoodie-lavender-960.webp',
    ],
  },

  /* ------------------------------------------------------------------ accessories */
  {
    slug: 'cross-embroidered-cap',
    name: 'Cross Embroidered Cap',
    description:
      'A low-profile six-panel cotton cap with a small embroidered cross on the front and an adjustable strap. Easy to throw on for sunny days, road trips and youth-group outings.',
    priceCents: 2499,
    originalPriceCents: null,
    costCents: 900,
    category: 'accessories',
    colors: ['Black', 'Cream'],
    sizes: ONE_SIZE,
    placement: [],
    tags: ['caps'],
    rating: 4.6,
    isNewArrival: false,
    isFeatured: false,
    isActive: true,
    sortOrder: 90,
    imageUrls: [
      '/images/products/cross-embroidered-cap-black-960.webp',
      '/images/products/cross-embroidered-cap-cream-960.webp',
    ],
  },
  {
    slug: 'cross-pendant-necklace',
    name: 'Cross Pendant Necklace',
    description:
      'A dainty polished cross on a fine 18-inch chain, finished in warm gold or bright silver tone. Simple enough to wear every day, and a meaningful gift for baptisms and confirmations.',
    priceCents: 3499,
    originalPriceCents: null,
    costCents: 1300,
    category: 'accessories',
    colors: ['Gold', 'Silver'],
    sizes: ONE_SIZE,
    placement: ['gracefully-chosen'],
    tags: ['jewelry'],
    rating: 4.9,
    isNewArrival: true,
    isFeatured: false,
    isActive: true,
    sortOrder: 100,
    imageUrls: [
      '/images/products/cross-pendant-necklace-gold-960.webp',
      '/images/products/cross-pendant-necklace-silver-960.webp',
    ],
  },
  {
    slug: 'prayer-journal',
    name: 'Prayer Journal',
    description:
      'A vegan-leather prayer journal with a debossed cross, 160 lined pages, a ribbon marker and an elastic closure. Space to write down prayers, give thanks and look back on answered ones.',
    priceCents: 1999,
    originalPriceCents: null,
    costCents: 800,
    category: 'accessories',
    colors: ['Brown'],
    sizes: ONE_SIZE,
    placement: [],
    tags: ['gifts'],
    rating: 4.8,
    isNewArrival: false,
    isFeatured: false,
    isActive: true,
    sortOrder: 110,
    imageUrls: ['/images/products/prayer-journal-brown-960.webp'],
  },
  {
    slug: 'cross-charm-beaded-bracelet',
    name: 'Cross Charm Beaded Bracelet',
    description:
      'Natural wooden beads on a comfortable stretch cord with a small cross charm. Stack it, share it, or keep it on as a gentle reminder to pray throughout the day.',
    priceCents: 1299,
    originalPriceCents: null,
    costCents: 450,
    category: 'accessories',
    colors: ['Natural'],
    sizes: ONE_SIZE,
    placement: ['gracefully-chosen'],
    tags: ['jewelry'],
    rating: 4.5,
    isNewArrival: true,
    isFeatured: false,
    isActive: true,
    sortOrder: 120,
    imageUrls: ['/images/products/cross-charm-beaded-bracelet-natural-960.webp'],
  },
  {
    slug: 'scripture-bookmark-set',
    name: 'Scripture Bookmark Set',
    description:
      'A set of three heavyweight card bookmarks, each with a favorite verse and a cotton tassel. A thoughtful little gift for Bible study friends, teachers and new believers.',
    priceCents: 1499,
    originalPriceCents: null,
    costCents: 500,
    category: 'accessories',
    colors: ['Cream'],
    sizes: ONE_SIZE,
    placement: [],
    tags: ['gifts'],
    rating: 4.7,
    isNewArrival: false,
    isFeatured: false,
    isActive: true,
    sortOrder: 130,
    imageUrls: ['/images/products/scripture-bookmark-set-cream-960.webp'],
  },
  {
    slug: 'faith-canvas-tote-bag',
    name: 'Faith Canvas Tote Bag',
    description:
      'A sturdy natural-canvas tote with long handles and a printed cross, roomy enough for your Bible, journal and groceries. Carry your faith wherever the day takes you.',
    priceCents: 2299,
    originalPriceCents: null,
    costCents: 850,
    category: 'accessories',
    colors: ['Natural'],
    sizes: ONE_SIZE,
    placement: [],
    tags: ['bags'],
    rating: 4.7,
    isNewArrival: false,
    isFeatured: false,
    isActive: true,
    sortOrder: 140,
    imageUrls: ['/images/products/faith-canvas-tote-bag-natural-960.webp'],
  },
];

/**
 * Demo stock per variant (issue 11 item 3): these products track stock, every variant at
 * `count` except the listed ones, so the shop shows every state (low: "Only N left", sold out,
 * a whole colour sold out). Products not listed are not tracked (unlimited), as before.
 */
export const DEMO_STOCK: Record<string, { count: number; except: [color: string, size: string, quantity: number][] }> = {
  'classic-cross-tee': {
    count: 50,
    except: [
      ['Cream', 'XXL', 0],
      ['White', 'XS', 0],
      ['Blush Pink', 'L', 2],
      ['Sky Blue', 'XXL', 3],
    ],
  },
  'walk-by-faith-vintage-tee': { count: 40, except: [['Black', 'XS', 0], ['Cream', 'XXL', 1]] },
  'armor-of-god-heavyweight-hoodie': { count: 30, except: [['Lavender', 'XXL', 0], ['Black', 'S', 2]] },
  'grace-upon-grace-hoodie': { count: 30, except: [['Cream', 'S', 0]] },
  'cross-embroidered-cap': { count: 25, except: [['Cream', 'One Size', 0]] },
};
