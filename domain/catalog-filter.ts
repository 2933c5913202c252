/**
 * Collection filter rows: the single source of each page's filter options, what they match
 * and how a `?filter=` value is read. SPEC §2 lists the rows (All / Cotton / ...); the spec's
 * screens leave them inert, we make them filter for real, with the choice in the URL.
 * An unknown or missing value is 'All'.
 */
import * as MESSAGES from './messages';

export type FilterField = 'category' | 'tags';

export interface FilterOption {
  /** The `?filter=` value; '' is All. */
  value: string;
  label: string;
}

export interface FilterRow {
  /** Which product field the options match: the category or the tags facet. */
  field: FilterField;
  options: readonly FilterOption[];
}

const all = (label: string = MESSAGES.filterAll): FilterOption => ({ value: '', label });

/** A row filtering by one field: All (with its label) first, then one option per value. */
function row(field: FilterField, values: readonly (readonly [string, string])[], allLabel?: string): FilterRow {
  return { field, options: [all(allLabel), ...values.map(([value, label]) => ({ value, label }))] };
}

/** The category options of the mixed pages. */
const CATEGORY_OPTIONS = [
  ['t-shirts', MESSAGES.filterTShirts],
  ['hoodies', MESSAGES.filterHoodies],
  ['accessories', MESSAGES.filterAccessories],
] as const;

export const FILTER_ROWS = {
  'new-arrivals': row('category', CATEGORY_OPTIONS, MESSAGES.filterAllItems),
  'eves-legacy': row('category', CATEGORY_OPTIONS),
  't-shirts': row('tags', [
    ['cotton', MESSAGES.filterCotton],
    ['blend', MESSAGES.filterBlend],
    ['vintage', MESSAGES.filterVintage],
  ]),
  hoodies: row('tags', [
    ['fleece', MESSAGES.filterFleece],
    ['cotton', MESSAGES.filterCotton],
    ['heavyweight', MESSAGES.filterHeavyweight],
  ]),
  'strength-in-christ': row('category', CATEGORY_OPTIONS),
  accessories: row('tags', [
    ['jewelry', MESSAGES.filterJewelry],
    ['bags', MESSAGES.filterBags],
    ['caps', MESSAGES.filterCaps],
    ['gifts', MESSAGES.filterGifts],
  ]),
} satisfies Record<string, FilterRow>;

export type FilterPage = keyof typeof FILTER_ROWS;

/** The option a `?filter=` value selects (case-insensitive); unknown or missing is All (''). */
export function parseFilter(page: FilterPage, raw: string | null | undefined): string {
  const wanted = (raw ?? '').trim().toLowerCase();
  const row: FilterRow = FILTER_ROWS[page];
  return row.options.some((option) => option.value === wanted) ? wanted : '';
}

/** True when a product passes the filter: category or tag compared case-insensitively. */
export function matchesFilter(
  product: { category: string; tags: readonly string[] },
  field: FilterField,
  filter: string,
): boolean {
  if (filter === '') return true;
  const wanted = filter.toLowerCase();
  if (field === 'category') return product.category.trim().toLowerCase() === wanted;
  return product.tags.some((tag) => tag.trim().toLowerCase() === wanted);
}
