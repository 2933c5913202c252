/** Swatch colours come from domain/colors.ts, the same values the demo images are drawn in. */
export { knownSwatchColor, swatchColor, swatchStyle } from '@domain/colors';
