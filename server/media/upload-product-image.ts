/**
 * Product image upload (SPEC §5 Image upload, §9 5MB each). The bytes are checked by their
 * content, not the declared type: sharp must read them as PNG, JPEG, WebP or GIF (SVG and
 * anything else is refused), under 5 MB. They are re-encoded to WebP 480 and 960 wide (which
 * also drops metadata and any payload hidden in the original), stored, and recorded.
 */
import { randomUUID } from 'node:crypto';
import * as ADMIN_MESSAGES from '../../domain/admin-messages';
import { IMAGE_VARIANT_WIDTHS, variantFileName } from '../../domain/product-image';
import { PRODUCT_IMAGE_MAX_BYTES } from '../../domain/product-form';
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
/** Refuses decompression bombs: 40 megapixels is far beyond any product photo. */
const MAX_PIXELS = 40_000_000;

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
  let format: string | undefined;
  try {
    const metadata = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata();
    format = metadata.format;
  } catch {
    format = undefined;
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw badRequest(ADMIN_MESSAGES.imageTypeInvalid, 'invalid-image');

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
    const message = error instanceof Error ? error.message : String(error);
    throw badRequest(ADMIN_MESSAGES.uploadFailed(message), 'invalid-image');
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
