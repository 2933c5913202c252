/**
 * Reprices a checkout from the products table: the browser's prices never count.
 * Refuses unknown or inactive products, colours and sizes the product does not have,
 * naming the line ('Line 2: Simple Cross Tee has no size XXL').
 */
import { inArray } from 'drizzle-orm';
import { DEFAULT_COLOR, DEFAULT_SIZE } from '../../domain/cart';
import type { CheckoutLine } from '../../domain/order';
import type { Executor } from '../db/client';
import { products } from '../db/schema';
import { badRequest } from '../app-error';

export interface PricedLine {
  productId: string;
  name: string;
  unitPriceCents: number;
  color: string;
  size: string;
  quantity: number;
  imageUrl: string | null;
}

function allows(values: string[], chosen: string, fallback: string): string | null {
  if (values.length === 0) return chosen.toLowerCase() === fallback.toLowerCase() ? fallback : null;
  return values.find((value) => value.toLowerCase() === chosen.toLowerCase()) ?? null;
}

/** Image of the chosen colour when there is one (demo images are named by colour), else the first. */
function imageFor(product: { imageUrl: string | null; imageUrls: string[] }, color: string): string | null {
  const slug = color.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return product.imageUrls.find((url) => url.includes(`-${slug}-`)) ?? product.imageUrl ?? product.imageUrls[0] ?? null;
}

export async function priceCheckoutLines(options: { db: Executor; lines: CheckoutLine[] }): Promise<PricedLine[]> {
  const ids = [...new Set(options.lines.map((line) => line.productId))];
  const rows = await options.db
    .select({
      id: products.id,
      name: products.name,
      priceCents: products.priceCents,
      colors: products.colors,
      sizes: products.sizes,
      isActive: products.isActive,
      imageUrl: products.imageUrl,
      imageUrls: products.imageUrls,
    })
    .from(products)
    .where(inArray(products.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return options.lines.map((line, index) => {
    const label = `Line ${index + 1}`;
    const product = byId.get(line.productId);
    if (!product) throw badRequest(`${label}: this product is not available`, 'invalid-line');
    if (!product.isActive) throw badRequest(`${label}: ${product.name} is no longer available`, 'product-unavailable');
    const color = allows(product.colors, line.color, DEFAULT_COLOR);
    if (!color) throw badRequest(`${label}: ${product.name} has no colour ${line.color}`, 'invalid-line');
    const size = allows(product.sizes, line.size, DEFAULT_SIZE);
    if (!size) throw badRequest(`${label}: ${product.name} has no size ${line.size}`, 'invalid-line');
    return {
      productId: product.id,
      name: product.name,
      unitPriceCents: product.priceCents,
      color,
      size,
      quantity: line.quantity,
      imageUrl: imageFor(product, color),
    };
  });
}
