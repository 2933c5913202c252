/**
 * Stock changes reach the catalogue caches (issue 15 item 1): a checkout that takes the last
 * units, a release that gives them back and an admin's count all change what cards and
 * product pages show ('Only 2 left', sold-out choices). The stock functions run inside other
 * services' transactions, so they announce the products here and each running shop (one per
 * process; tests may run several) drops those products' pages through its catalogue signal.
 * Announced when the change is written, just before its commit: a render in that instant may
 * keep the old count until the entry goes stale; the checkout still decides on the row.
 */
type StockListener = (productIds: string[]) => void;

/**
 * One set per process, kept on globalThis: this module is bundled twice in production, into the
 * server entry (build/node, where bootstrap subscribes) and into the React Router build (where the
 * checkout and the admin's routes announce). A set per copy left the routes' announcements
 * unheard, and product pages showed the old stock until their cache entry went stale.
 */
const REGISTRY = Symbol.for('wear-your-faith.stock-listeners');
const holder = globalThis as typeof globalThis & { [REGISTRY]?: Set<StockListener> };
const listeners: Set<StockListener> = (holder[REGISTRY] ??= new Set<StockListener>());

/** Subscribes a shop; returns the unsubscribe for its shutdown. */
export function onStockChange(listener: StockListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function stockChanged(productIds: Iterable<string | null>): void {
  const ids = [...new Set([...productIds].filter((id): id is string => Boolean(id)))];
  if (ids.length === 0) return;
  for (const listener of listeners) listener(ids);
}
