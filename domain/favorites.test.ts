import { describe, expect, it } from 'vitest';
import { FAVORITES_LIMIT, isProductId, parseFavoriteIds } from './favorites';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('parseFavoriteIds', () => {
  it('reads a saved list: product ids only, each once, lower-cased', () => {
    expect(parseFavoriteIds(JSON.stringify([id(1), id(2), id(1).toUpperCase(), 'nope', 42, null]))).toEqual([id(1), id(2)]);
    expect(parseFavoriteIds([id(3)])).toEqual([id(3)]);
  });

  it('drops a broken or foreign value instead of throwing', () => {
    for (const raw of [null, '', '{', '"x"', '{"a":1}', 'null', 17]) expect(parseFavoriteIds(raw)).toEqual([]);
  });

  it('keeps the newest entries up to the limit', () => {
    const ids = Array.from({ length: FAVORITES_LIMIT + 5 }, (_, n) => id(n));
    const kept = parseFavoriteIds(ids);
    expect(kept).toHaveLength(FAVORITES_LIMIT);
    expect(kept.at(-1)).toBe(id(FAVORITES_LIMIT + 4));
  });

  it('isProductId accepts UUIDs only', () => {
    expect(isProductId(id(1))).toBe(true);
    expect(isProductId('p1')).toBe(false);
    expect(isProductId(`${id(1)}'`)).toBe(false);
  });
});
