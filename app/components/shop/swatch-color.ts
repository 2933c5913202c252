/** CSS colours for the swatches of the colour names the catalogue uses; unknown names get a neutral. */
const SWATCHES: Record<string, string> = {
  black: '#1f1f1f',
  white: '#ffffff',
  cream: '#f4ecd8',
  natural: '#e9dfc9',
  pink: '#f4b6c2',
  'blush pink': '#f2c4c0',
  yellow: '#f6d86b',
  blue: '#7fa7d9',
  'sky blue': '#a9cdee',
  navy: '#24335a',
  'heather grey': '#b8b8b8',
  grey: '#9a9a9a',
  gray: '#9a9a9a',
  sage: '#a9b89a',
  lavender: '#c7b8e0',
  brown: '#7a5236',
  gold: '#d4af37',
  silver: '#c0c0c0',
  red: '#c0392b',
  green: '#4f7f52',
};

export function swatchColor(name: string): string {
  return SWATCHES[name.trim().toLowerCase()] ?? '#d6cfc7';
}
