/**
 * Product image variants: the single source of the widths every product image is stored in
 * (uploads are re-encoded to them, the demo images are generated in them) and of how a page
 * finds the small one. Images are WebP files named `<name>-<width>.webp`; the largest is the
 * product's URL.
 */

/** Widths of the stored WebP variants, smallest first. */
export const IMAGE_VARIANT_WIDTHS = [480, 960] as const;
export const SMALL_IMAGE_WIDTH = IMAGE_VARIANT_WIDTHS[0];
export const LARGE_IMAGE_WIDTH = IMAGE_VARIANT_WIDTHS[IMAGE_VARIANT_WIDTHS.length - 1]!;

/** A product image is 4:5 (width x height). */
export const IMAGE_ASPECT = { width: 4, height: 5 } as const;

const LARGE_SUFFIX = `-${LARGE_IMAGE_WIDTH}.webp`;

/** The file name of one variant: `variantFileName('abc', 480)` -> 'abc-480.webp'. */
export function variantFileName(name: string, width: number): string {
  return `${name}-${width}.webp`;
}

/** The small sibling of a stored (large) variant URL, or null for other URLs. */
export function smallImageUrl(url: string): string | null {
  return url.endsWith(LARGE_SUFFIX) ? `${url.slice(0, -LARGE_SUFFIX.length)}-${SMALL_IMAGE_WIDTH}.webp` : null;
}

/** `srcset` for a stored image (both widths), or undefined for other URLs. */
export function productImageSrcSet(url: string): string | undefined {
  const small = smallImageUrl(url);
  return small ? `${small} ${SMALL_IMAGE_WIDTH}w, ${url} ${LARGE_IMAGE_WIDTH}w` : undefined;
}
