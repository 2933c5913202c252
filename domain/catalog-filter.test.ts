import { describe, expect, it } from 'vitest';
import { FILTER_ROWS, matchesFilter, parseFilter } from './catalog-filter';

describe('parseFilter', () => {
  it('accepts a listed value in any case and falls back to All otherwise', () => {
    expect(parseFilter('t-shirts', 'Cotton')).toBe('cotton');
    expect(parseFilter('new-arrivals', 'hoodies')).toBe('hoodies');
    expect(parseFilter('t-shirts', 'fleece')).toBe('');
    expect(parseFilter('hoodies', null)).toBe('');
    expect(parseFilter('accessories', '')).toBe('');
  });

  it('labels the first option of New Arrivals All Items and of the others All', () => {
    expect(FILTER_ROWS['new-arrivals'].options[0]?.label).toBe('All Items');
    expect(FILTER_ROWS.accessories.options.map((option) => option.label)).toEqual([
      'All',
      'Jewelry',
      'Bags',
      'Caps',
      'Gifts',
    ]);
  });
});

describe('matchesFilter', () => {
  const tee = { category: 'T-Shirts', tags: ['Cotton'] };
  it('matches the category case-insensitively', () => {
    expect(matchesFilter(tee, 'category', 't-shirts')).toBe(true);
    expect(matchesFilter(tee, 'category', 'hoodies')).toBe(false);
  });
  it('matches a tag case-insensitively and lets everything through for All', () => {
    expect(matchesFilter(tee, 'tags', 'cotton')).toBe(true);
    expect(matchesFilter(tee, 'tags', 'vintage')).toBe(false);
    expect(matchesFilter(tee, 'tags', '')).toBe(true);
  });
});
