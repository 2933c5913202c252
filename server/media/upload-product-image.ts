/**
 * Product image upload (SPEC §5 Image upload, §9 5MB each). The bytes are checked by their
 * content, not the declared type: sharp must read them as PNG, JPEG, WebP or GIF (SVG and
 * anything else is refused), under 5 MB. They are re-encoded to WebP 480 and 960 wide (which
 * also drops metadata and any payload hidden in the original), stored, and recorded.
 */
import { randomUUID } from 'node:crypto';
import * as ADMIN_MESSAGES from '../../domain/admin-messages';
import { IMAGE_VARIANT_WIDTHS, variantFileName } from '../../domain/product-image';
import { PRODUCT_IMAGE_MAX_BYTES, PRODUCT_IMAGE_MAX_PIXELS } from '../../domain/product-form';
import { AppError, badRequest } from '../app-error';
import type { Executor } from '../db/client';
import { productImages } from '../db/schema';
import type { ImageStorage } from './image-storage';

const ACCEPTED_FORMATS = new Set(['png', 'jpeg', 'webp', 'gif']);

/**
 * sharp (libvips, its thread pool and caches) is loaded with the first upload, not with every
 * server: most processes never see one, and it is resident memory from the moment it loads.
 */
const loadSharp = () => import('sharp').then((module) => module.default);
/** Refuses decompression bombs (domain/product-form.ts). */
const MAX_PIXELS = PRODUCT_IMAGE_MAX_PIXELS;

export interface UploadedImage {
  url: string;
  id: string;
  width: number;
  height: number;
}

export async function uploadProductImage(options: {
  db: Executor;
  storage: ImageStorage;
  bytes: Buffer;
  productId?: string | null;
  alt?: string;
}): Promise<UploadedImage> {
  const { bytes } = options;
  if (bytes.length >= PRODUCT_IMAGE_MAX_BYTES)
    throw new AppError('body-too-large', { message: ADMIN_MESSAGES.imageTooLarge });
  const sharp = await loadSharp();
  // The header only (no pixels decoded): its format, and its size, refused here by name.
  let metadata: { format?: string; width?: number; height?: number } = {};
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    metadata = {};
  }
  const { format, width = 0, height = 0 } = metadata;
  if (!format || !ACCEPTED_FORMATS.has(format)) throw badRequest(ADMIN_MESSAGES.imageTypeInvalid, 'invalid-image');
  if (width * height > MAX_PIXELS)
    throw badRequest(ADMIN_MESSAGES.imageTooManyPixels(MAX_PIXELS / 1_000_000, width, height), 'invalid-image');

  const id = randomUUID();
  const variants: { width: number; url: string; key: string; bytes: number; height: number }[] = [];
  try {
    for (const width of IMAGE_VARIANT_WIDTHS) {
      const { data, info } = await sharp(bytes, { limitInputPixels: MAX_PIXELS })
        .rotate()
        .resize({ width, withoutEnlargement: false })
        .webp({ quality: 82 })
        .toBuffer({ resolveWithObject: true });
      const key = variantFileName(id, width);
      const url = await options.storage.put(key, data, 'image/webp');
      variants.push({ width, url, key, bytes: info.size, height: info.height });
    }
  } catch (error) {
    await Promise.all(variants.map((variant) => options.storage.remove(variant.key)));
    // The library's own words (libpng's, libjpeg's) mean nothing to the admin; the cause is the file.
    throw new AppError('invalid-image', { message: ADMIN_MESSAGES.imageDamaged, cause: error });
  }
  const largest = variants[variants.length - 1]!;
  await options.db.insert(productImages).values({
    id,
    productId: options.productId ?? null,
    url: largest.url,
    storageKey: largest.key,
    alt: options.alt ?? '',
    width: largest.width,
    height: largest.height,
    bytes: largest.bytes,
    variants: variants.map(({ width, url }) => ({ width, url })),
  });
  return { url: largest.url, id, width: largest.width, height: largest.height };
}
