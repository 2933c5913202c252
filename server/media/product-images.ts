/**
 * Uploaded images belong to the product that shows them (issue 14 item 5). An upload is
 * recorded before its product is saved (the dialog uploads first); saving the product links
 * the rows of the URLs it lists, and an image the product no longer lists, or the product's
 * deletion, removes the row and then its files, unless another product still lists the URL.
 */
import { and, eq, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import { IMAGE_VARIANT_WIDTHS, variantFileName } from '../../domain/product-image';
import type { Executor } from '../db/client';
import { productImages, products } from '../db/schema';
import type { ImageStorage } from './image-storage';

/** The ids of removed image rows, whose files go once the transaction has committed. */
export type RemovedImages = string[];

/** Rows of `productId` that no other product lists (removing them breaks no page). */
function unsharedOf(productId: string) {
  return and(
    eq(productImages.productId, productId),
    sql`not exists (select 1 from ${products} where ${productImages.url} = any(${products.imageUrls}) and ${products.id} <> ${productId})`,
  );
}

/** Links the product's listed uploads to it and removes the ones it no longer lists. */
export async function linkProductImages(
  tx: Executor,
  productId: string,
  imageUrls: readonly string[],
): Promise<RemovedImages> {
  const urls = [...imageUrls];
  if (urls.length) {
    await tx
      .update(productImages)
      .set({ productId })
      .where(
        and(
          inArray(productImages.url, urls),
          or(isNull(productImages.productId), eq(productImages.productId, productId)),
        ),
      );
  }
  const dropped = await tx
    .delete(productImages)
    .where(and(unsharedOf(productId), urls.length ? notInArray(productImages.url, urls) : undefined))
    .returning({ id: productImages.id });
  return dropped.map((row) => row.id);
}

/** Removes the rows of a product being deleted (call in the deleting transaction). */
export async function removeProductImages(tx: Executor, productId: string): Promise<RemovedImages> {
  const dropped = await tx.delete(productImages).where(unsharedOf(productId)).returning({ id: productImages.id });
  return dropped.map((row) => row.id);
}

/** Deletes the files of removed rows (every variant); a file already gone is not an error. */
export async function removeImageFiles(
  storage: ImageStorage,
  ids: RemovedImages,
  onError: (error: unknown) => void = () => {},
): Promise<void> {
  const keys = ids.flatMap((id) => IMAGE_VARIANT_WIDTHS.map((width) => variantFileName(id, width)));
  await Promise.all(keys.map((key) => storage.remove(key).catch(onError)));
}
