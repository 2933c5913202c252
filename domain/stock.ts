/**
 * Stock per variant (colour x size) of the shop's own products: the single source of what a
 * count may be, when a variant is low or sold out, and the sentences that say so (issue 11
 * item 3). A variant with no count is not tracked: it is always available, as before stock
 * existed. Pure: the server decides with it (checkout, admin edits), the browser previews.
 */
import { DEFAULT_COLOR, DEFAULT_SIZE } from './cart';
import { formatCount } from './money';

/** "Only N left" shows, and the dashboard's low-stock card lists a variant, at this count or fewer. */
export const LOW_STOCK_THRESHOLD = 3;
/** The largest count an admin may enter for one variant. */
export const STOCK_MAX = 100_000;
/**
 * How long an unpaid checkout holds its units (its hosted session's life; Stripe takes 30
 * minutes to 24 hours). Short, so that checkouts left open cannot keep stock from shoppers.
 */
export const CHECKOUT_HOLD_MINUTES = 60;

/** A tracked variant's count as the storefront may see it. */
export interface VariantStock {
  color: string;
  size: string;
  quantity: number;
}

/** The key of a variant (colour and size match case-insensitively, as checkout does). */
export function variantKey(color: string, size: string): string {
  return `${color.trim().toLowerCase()}\u0000${size.trim().toLowerCase()}`;
}

/**
 * The stock rows of a product, for the product's colour and size lists: a product without
 * colours sells 'Default', one without sizes 'One Size' (domain/cart defaults, SPEC §9).
 */
export function stockColors(colors: readonly string[]): string[] {
  return colors.length > 0 ? [...colors] : [DEFAULT_COLOR];
}
export function stockSizes(sizes: readonly string[]): string[] {
  return sizes.length > 0 ? [...sizes] : [DEFAULT_SIZE];
}

/** 'Classic Cross Tee (Sky Blue, M)'; the defaults are left out ('Prayer Journal (Brown)'). */
export function variantLabel(name: string, color: string, size: string): string {
  const parts = [color, size].filter(
    (part, index) => part.toLowerCase() !== (index === 0 ? DEFAULT_COLOR : DEFAULT_SIZE).toLowerCase(),
  );
  return parts.length > 0 ? `${name} (${parts.join(', ')})` : name;
}

/** The checkout's refusal of a line asking for more than is left. */
export function notEnoughStockMessage(options: {
  name: string;
  color: string;
  size: string;
  available: number;
}): string {
  const label = variantLabel(options.name, options.color, options.size);
  return options.available <= 0 ? `${label} is sold out` : `Only ${options.available} left of ${label}`;
}

/** "Only 2 left" at LOW_STOCK_THRESHOLD or fewer (and more than none); null otherwise. */
export function lowStockNote(quantity: number | null | undefined): string | null {
  if (quantity === null || quantity === undefined) return null;
  return quantity > 0 && quantity <= LOW_STOCK_THRESHOLD ? `Only ${quantity} left` : null;
}

export function isLowStock(quantity: number): boolean {
  return quantity <= LOW_STOCK_THRESHOLD;
}

export type StockCountResult = { ok: true; quantity: number | null } | { ok: false; message: string };

/**
 * One cell of the admin's stock grid: blank means "not tracked" (null); otherwise a whole
 * number from 0 to STOCK_MAX. Negative or non-integer counts are refused with a message
 * naming the variant.
 */
export function parseStockCount(raw: unknown, where: { color: string; size: string }): StockCountResult {
  const label = `${where.color} / ${where.size}`;
  if (raw === null || raw === undefined) return { ok: true, quantity: null };
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : null;
  if (text === null) return { ok: false, message: `Stock for ${label} must be a whole number` };
  if (text === '') return { ok: true, quantity: null };
  if (!/^-?\d+(\.\d+)?$/.test(text) && !/^-?\d*\.\d+$/.test(text)) {
    return { ok: false, message: `Stock for ${label} must be a whole number` };
  }
  const value = Number(text);
  if (value < 0) return { ok: false, message: `Stock for ${label} cannot be negative` };
  if (!Number.isInteger(value)) return { ok: false, message: `Stock for ${label} must be a whole number` };
  if (value > STOCK_MAX) return { ok: false, message: `Stock for ${label} can be at most ${formatCount(STOCK_MAX)}` };
  return { ok: true, quantity: value };
}

/** A tracked count lookup: undefined when the variant is not tracked. */
export function stockFor(stock: readonly VariantStock[], color: string, size: string): number | undefined {
  const key = variantKey(color, size);
  return stock.find((entry) => variantKey(entry.color, entry.size) === key)?.quantity;
}

/**
 * How many of `wanted` units a shopper may add to the cart when `left` are left (null: not
 * tracked) and `inCart` are already in it: never more than are left, so the cart does not
 * promise what the checkout will refuse.
 */
export function unitsAddable(options: { left: number | null; inCart: number; wanted: number }): number {
  if (options.left === null) return options.wanted;
  return Math.max(0, Math.min(options.wanted, options.left - options.inCart));
}
