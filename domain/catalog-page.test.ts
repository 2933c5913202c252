import { describe, expect, it } from 'vitest';
import { CATALOGUE_PAGE_SIZE, clampPage, collectionSearch, MAX_CATALOGUE_PAGE, pageCount, parsePage, shownThrough } from './catalog-page';

describe('parsePage', () => {
  it('reads whole numbers from 1; anything else is page 1, never an error', () => {
    expect(parsePage('2')).toBe(2);
    expect(parsePage(' 3 ')).toBe(3);
    for (const raw of [null, undefined, '', 'abc', '0', '-2', '1.5', '2e3', '0x10', '٣', '1; drop table products']) {
      expect(parsePage(raw), String(raw)).toBe(1);
    }
  });

  it('bounds a huge page number (it is clamped to the last page later)', () => {
    expect(parsePage('999999')).toBe(MAX_CATALOGUE_PAGE);
    expect(parsePage('99999999999999999999')).toBe(1);
  });
});

describe('pageCount, clampPage and shownThrough', () => {
  it('counts pages of 20; an empty list has one page', () => {
    expect(CATALOGUE_PAGE_SIZE).toBe(20);
    expect(pageCount(0)).toBe(1);
    expect(pageCount(20)).toBe(1);
    expect(pageCount(21)).toBe(2);
    expect(pageCount(22)).toBe(2);
  });

  it('a page past the end is the last page', () => {
    expect(clampPage(5, 22)).toBe(2);
    expect(clampPage(2, 22)).toBe(2);
    expect(clampPage(3, 0)).toBe(1);
    expect(clampPage(0, 50)).toBe(1);
  });

  it('page N shows the first N x 20', () => {
    expect(shownThrough(1)).toBe(20);
    expect(shownThrough(2)).toBe(40);
  });
});

describe('collectionSearch', () => {
  it('writes the filter and the page without their defaults', () => {
    expect(collectionSearch({ filter: '' })).toBe('');
    expect(collectionSearch({ filter: '', page: 1 })).toBe('');
    expect(collectionSearch({ filter: 'gifts' })).toBe('?filter=gifts');
    expect(collectionSearch({ filter: 'gifts', page: 2 })).toBe('?filter=gifts&page=2');
    expect(collectionSearch({ filter: '', page: 3 })).toBe('?page=3');
  });
});
