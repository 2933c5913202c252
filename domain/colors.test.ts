import { describe, expect, it } from 'vitest';
import { COLOR_HEX, knownSwatchColor, NEUTRAL_SWATCH, swatchColor, swatchStyle } from './colors';

describe('swatch colours', () => {
  it("uses the catalogue's own shades first (those the demo images are drawn in)", () => {
    expect(swatchStyle('Sky Blue')).toEqual({ '--c': COLOR_HEX['Sky Blue'] });
    expect(swatchColor(' blush pink ')).toBe(COLOR_HEX['Blush Pink']);
  });

  it('gives custom colour names a real swatch: apparel colour words, whole or by the last word', () => {
    expect(knownSwatchColor('Burgundy')).toBe('#800020');
    expect(knownSwatchColor('Dusty Rose')).toBe('#E8A0A8');
    expect(knownSwatchColor('Vintage Black')).toBe(COLOR_HEX.Black);
    expect(knownSwatchColor('Navy/White')).toBe(COLOR_HEX.White);
  });

  it('tries any other name as a CSS colour keyword over a neutral (the browser drops an unknown one)', () => {
    expect(swatchStyle('Teal')).toEqual({ '--c': NEUTRAL_SWATCH, backgroundImage: 'linear-gradient(teal, teal)' });
    expect(swatchStyle('Medium Orchid')).toEqual({
      '--c': NEUTRAL_SWATCH,
      backgroundImage: 'linear-gradient(mediumorchid, mediumorchid)',
    });
    expect(swatchColor('Sunrise Glow')).toBe(NEUTRAL_SWATCH);
  });

  it('lets nothing but letters into the style', () => {
    expect(swatchStyle('red); background: url(x')).toEqual({ '--c': COLOR_HEX.Red });
    expect(swatchStyle('x;y:url(evil)')).toEqual({ '--c': NEUTRAL_SWATCH, backgroundImage: 'linear-gradient(xyurlevil, xyurlevil)' });
    expect(swatchStyle('')).toEqual({ '--c': NEUTRAL_SWATCH });
  });
});
