import { describe, expect, it } from 'vitest';
import { IMAGE_VARIANT_WIDTHS, productImageSrcSet, smallImageUrl, variantFileName } from './product-image';

describe('product image variants', () => {
  it('are stored 480 and 960 wide, named by width', () => {
    expect(IMAGE_VARIANT_WIDTHS).toEqual([480, 960]);
    expect(variantFileName('abc', 480)).toBe('abc-480.webp');
  });

  it('smallImageUrl names the 480 sibling of stored images only', () => {
    expect(smallImageUrl('/images/products/x-960.webp')).toBe('/images/products/x-480.webp');
    expect(smallImageUrl('/uploads/3f1c-960.webp')).toBe('/uploads/3f1c-480.webp');
    expect(smallImageUrl('https://cdn.example/x.jpg')).toBeNull();
    expect(smallImageUrl('/images/products/x-480.webp')).toBeNull();
  });

  it('gives a srcset only for stored images', () => {
    expect(productImageSrcSet('/uploads/a-960.webp')).toBe('/uploads/a-480.webp 480w, /uploads/a-960.webp 960w');
    expect(productImageSrcSet('https://cdn.shopify.com/x.png')).toBeUndefined();
  });
});
