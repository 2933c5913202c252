import { smallImageUrl } from '@domain/storefront-product';
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
  const small = smallImageUrl(src);
  return (
    <img
      src={src}
      srcSet={small ? `${small} 480w, ${src} 960w` : undefined}
      sizes={small ? sizes : undefined}
      alt={alt}
      width={960}
      height={1200}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
      className={cn('size-full object-cover', className)}
    />
  );
}
