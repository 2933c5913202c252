import { LOW_STOCK_THRESHOLD } from '../../domain/stock';
import type { PublicProduct } from '../../domain/storefront-product';
import type { Executor } from '../db/client';
import { loadProductStock } from '../stock/product-stock';

/**
 * Adds each product's tracked stock per variant (one query for the list). A page needs only
 * "sold out", "only N left" or "enough": counts above the low-stock threshold are sent as
 * threshold + 1, so the page source does not tell competitors the shop's exact stock.
 */
export async function withStock(db: Executor, list: PublicProduct[]): Promise<PublicProduct[]> {
  const own = list.filter((product) => !product.id.startsWith('demo-'));
  const stock = await loadProductStock(db, own.map((product) => product.id));
  for (const product of list) {
    product.stock = (stock.get(product.id) ?? []).map((entry) => ({
      ...entry,
      quantity: Math.min(entry.quantity, LOW_STOCK_THRESHOLD + 1),
    }));
  }
  return list;
}
