/**
 * The before-and-after of an admin change, as the audit log keeps it (issue 27 Deliver 4):
 * money as dollars ("$24.99"), lists joined, booleans as yes/no, unchanged fields left out.
 */
import type { AuditChange } from '../../domain/audit';
import { formatCents } from '../../domain/money';

type Shown = string | number | boolean | null | undefined | readonly string[];

export function shown(value: Shown, kind: 'money' | 'plain' = 'plain'): string | null {
  if (value === null || value === undefined) return null;
  if (kind === 'money' && typeof value === 'number') return formatCents(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

/** Product fields worth logging and how each is shown. */
const PRODUCT_FIELDS = [
  ['name', 'name', 'plain'],
  ['slug', 'slug', 'plain'],
  ['priceCents', 'price', 'money'],
  ['originalPriceCents', 'original price', 'money'],
  ['costCents', 'cost', 'money'],
  ['category', 'category', 'plain'],
  ['description', 'description', 'plain'],
  ['imageUrl', 'image', 'plain'],
  ['imageUrls', 'images', 'plain'],
  ['colors', 'colors', 'plain'],
  ['sizes', 'sizes', 'plain'],
  ['placement', 'placement', 'plain'],
  ['tags', 'tags', 'plain'],
  ['isNewArrival', 'new arrival', 'plain'],
  ['isFeatured', 'featured', 'plain'],
  ['isActive', 'active', 'plain'],
  ['sortOrder', 'sort order', 'plain'],
] as const;

type ProductLike = Partial<Record<(typeof PRODUCT_FIELDS)[number][0], Shown>>;

/** The fields that differ between two versions of a product (either may be absent: created, deleted). */
export function productChanges(before: ProductLike | null, after: ProductLike | null): AuditChange[] {
  const changes: AuditChange[] = [];
  for (const [key, field, kind] of PRODUCT_FIELDS) {
    const from = before ? shown(before[key], kind) : null;
    const to = after ? shown(after[key], kind) : null;
    if (from !== to) changes.push({ field, from, to });
  }
  return changes;
}

/** "price from $24.99 to $19.99, sizes from S, M to S, M, L" (the first few, for the sentence). */
export function changeSentence(changes: AuditChange[], limit = 3): string {
  const parts = changes
    .slice(0, limit)
    .map((change) => `${change.field} from ${change.from ?? '(none)'} to ${change.to ?? '(none)'}`);
  if (changes.length > limit) parts.push(`${changes.length - limit} more`);
  return parts.join(', ');
}
