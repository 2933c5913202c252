import { IMAGE_ASPECT, LARGE_IMAGE_WIDTH, productImageSrcSet, smallImageUrl } from '@domain/product-image';
import { cn } from '~/lib/utils';

/**
 * A product image in its 4:5 frame: responsive WebP srcset for generated images, fixed
 * width/height (no layout shift), lazy unless it is the page's first above-the-fold image.
 */
export function ProductImage({
  src,
  alt,
  sizes,
  priority = false,
  className,
}: {
  src: string;
  alt: string;
  sizes: string;
  priority?: boolean;
  className?: string;
}) {
  const srcSet = productImageSrcSet(src);
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={LARGE_IMAGE_WIDTH}
      height={(LARGE_IMAGE_WIDTH * IMAGE_ASPECT.height) / IMAGE_ASPECT.width}
      loading={priority ? undefined : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      className={cn('pic', className)}
    />
  );
}

/** A small square picture of a product (cart line, payment page): the small variant when there is one. */
export function ProductThumbnail({
  src,
  alt,
  size,
  className,
}: {
  src: string;
  alt: string;
  size: number;
  className?: string;
}) {
  return (
    <img
      src={smallImageUrl(src) ?? src}
      alt={alt}
      width={size}
      height={size}
      loading="lazy"
      className={cn('object-cover', className)}
    />
  );
}
