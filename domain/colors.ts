/**
 * Colours: the single source of the swatch colour of every colour name the catalogue uses.
 * The demo product images are drawn in these colours (scripts/generate-product-images.ts) and
 * the storefront's swatches show them, so a swatch always matches its photo. A custom name an
 * admin types gets a real swatch too (issue 13): apparel colour words ('Burgundy', 'Dusty Rose'
 * by its last word), else the name tried as a CSS colour keyword by the browser itself ('Teal',
 * 'Forest Green' -> forestgreen) over a neutral that shows if it is not one: no table of CSS
 * names is shipped.
 */

/** Colour names of the catalogue with their hex values (as the demo images are drawn). */
export const COLOR_HEX: Readonly<Record<string, string>> = {
  Pink: '#F4A6C0',
  Yellow: '#F6D365',
  Blue: '#7FB3E6',
  White: '#F7F7F5',
  'Sky Blue': '#9CCBEF',
  'Blush Pink': '#F2C4CE',
  Cream: '#F3E9D2',
  Black: '#2B2B2E',
  'Heather Grey': '#B9BCC2',
  Navy: '#2F3D63',
  Sage: '#A9B89E',
  Lavender: '#C8B6E2',
  Natural: '#E9DFC9',
  Gold: '#D4AF37',
  Silver: '#C0C4CC',
  Brown: '#8B5E3C',
  // Names the catalogue may use without a demo image.
  Grey: '#9A9A9A',
  Gray: '#9A9A9A',
  Red: '#C0392B',
  Green: '#4F7F52',
};

/** Swatch of an unknown colour name. */
export const NEUTRAL_SWATCH = '#D6CFC7';

/** Colour words of clothing catalogues that CSS does not name (keys without spaces). */
const APPAREL_COLORS: Readonly<Record<string, string>> = {
  ash: '#B2B5B3',
  berry: '#8E3B5B',
  blush: '#F2C4CE',
  burgundy: '#800020',
  camel: '#C19A6B',
  charcoal: '#36454F',
  cobalt: '#0047AB',
  denim: '#4F6D8F',
  emerald: '#2E8B57',
  forest: '#2F5233',
  heather: '#B9BCC2',
  ivory: '#FFFFF0',
  jade: '#00A86B',
  mauve: '#B784A7',
  mint: '#AAF0D1',
  mocha: '#6F4E37',
  mustard: '#E1AD01',
  oatmeal: '#DDD3C0',
  rose: '#E8A0A8',
  rust: '#B7410E',
  sand: '#D8C3A5',
  slate: '#708090',
  stone: '#B9B2A5',
  taupe: '#8B7D6B',
  wine: '#722F37',
};

const BY_LOWER_NAME = new Map(Object.entries(COLOR_HEX).map(([name, hex]) => [name.toLowerCase(), hex]));

function lookUp(words: string): string | null {
  const spaced = words.trim().toLowerCase().replace(/\s+/g, ' ');
  return BY_LOWER_NAME.get(spaced) ?? APPAREL_COLORS[spaced.replace(/[\s-]+/g, '')] ?? null;
}

/** A known shade for the name (whole, then word by word from the last), or null. */
export function knownSwatchColor(name: string): string | null {
  const whole = lookUp(name);
  if (whole) return whole;
  // 'Dusty Rose' -> 'rose', 'Vintage Black' -> 'black', 'Navy/White' -> 'white'.
  const words = name.toLowerCase().match(/[a-z]+/g) ?? [];
  for (let index = words.length - 1; index >= 0; index -= 1) {
    const found = lookUp(words[index]!);
    if (found) return found;
  }
  return null;
}

/** The swatch colour of a colour name, any case; a neutral for names it cannot place. */
export function swatchColor(name: string): string {
  return knownSwatchColor(name) ?? NEUTRAL_SWATCH;
}

/**
 * The inline style of a swatch: a known shade, else the name as a CSS keyword over a neutral.
 * The shade travels as the custom property `--c`, which the swatch classes paint
 * (`bg-(--c)`): the shortest style attribute for the twenty-four swatches of a home page.
 */
export function swatchStyle(name: string): { '--c': string; backgroundImage?: string } {
  const known = knownSwatchColor(name);
  if (known) return { '--c': known };
  // Letters only, so nothing but a keyword can reach the style. An unknown keyword makes the
  // browser drop the declaration, and the neutral background shows.
  const keyword = name.toLowerCase().replace(/[^a-z]/g, '');
  return keyword
    ? { '--c': NEUTRAL_SWATCH, backgroundImage: `linear-gradient(${keyword}, ${keyword})` }
    : { '--c': NEUTRAL_SWATCH };
}
