/**
 * Collection filter rows: the single source of each page's filter options, what they match
 * and how a `?filter=` value is read. SPEC §2 lists the rows (All / Cotton / ...); the spec's
 * screens leave them inert, we make them filter for real, with the choice in the URL.
 * An unknown or missing value is 'All'.
 */
import { MESSAGES } from './messages';

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

export const FILTER_ROWS = {
  'new-arrivals': {
    field: 'category',
    options: [
      all(MESSAGES.filterAllItems),
      { value: 't-shirts', label: MESSAGES.filterTShirts },
      { value: 'hoodies', label: MESSAGES.filterHoodies },
      { value: 'accessories', label: MESSAGES.filterAccessories },
    ],
  },
  'eves-legacy': {
    field: 'category',
    options: [
      all(),
      { value: 't-shirts', label: MESSAGES.filterTShirts },
      { value: 'hoodies', label: MESSAGES.filterHoodies },
      { value: 'accessories', label: MESSAGES.filterAccessories },
    ],
  },
  't-shirts': {
    field: 'tags',
    options: [
      all(),
      { value: 'cotton', label: MESSAGES.filterCotton },
      { value: 'blend', label: MESSAGES.filterBlend },
      { value: 'vintage', label: MESSAGES.filterVintage },
    ],
  },
  hoodies: {
    field: 'tags',
    options: [
      all(),
      { value: 'fleece', label: MESSAGES.filterFleece },
      { value: 'cotton', label: MESSAGES.filterCotton },
      { value: 'heavyweight', label: MESSAGES.filterHeavyweight },
    ],
  },
  'strength-in-christ': {
    field: 'category',
    options: [
      all(),
      { value: 't-shirts', label: MESSAGES.filterTShirts },
      { value: 'hoodies', label: MESSAGES.filterHoodies },
      { value: 'accessories', label: MESSAGES.filterAccessories },
    ],
  },
  accessories: {
    field: 'tags',
    options: [
      all(),
      { value: 'jewelry', label: MESSAGES.filterJewelry },
      { value: 'bags', label: MESSAGES.filterBags },
      { value: 'caps', label: MESSAGES.filterCaps },
      { value: 'gifts', label: MESSAGES.filterGifts },
    ],
  },
} as const satisfies Record<string, FilterRow>;

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
