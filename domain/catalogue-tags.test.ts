import { describe, expect, it } from 'vitest';
import { listTagsOf, ownListTag, productWriteTags, tagsIntersect, type TaggedProduct } from './catalogue-tags';

const hoodie: TaggedProduct = {
  id: 'p1',
  isActive: true,
  placement: ['strength-in-christ'],
  category: 'Hoodies',
  isNewArrival: true,
};

describe('catalogue tags', () => {
  it('tags a product with exactly the own lists whose query it satisfies', () => {
    const tags = new Set(listTagsOf(hoodie));
    for (const query of [{}, { category: 'hoodies' }, { placement: 'strength-in-christ' }, { newArrivals: true }]) {
      expect(tags.has(ownListTag(query))).toBe(true);
    }
    for (const query of [{ category: 'accessories' }, { placement: 'chosen' }])
      expect(tags.has(ownListTag(query))).toBe(false);
    expect(listTagsOf({ ...hoodie, isActive: false })).toEqual([]);
  });

  it('drops the lists a product leaves and joins, its pages, search and the sitemap', () => {
    const moved = productWriteTags(hoodie, { ...hoodie, category: 'accessories', isNewArrival: false });
    expect(moved).toEqual(
      expect.arrayContaining(['product:p1', 'search', 'sitemap', 'list:category=hoodies', 'list:category=accessories']),
    );
    expect(productWriteTags(null, hoodie)).toContain('list:new');
    expect(productWriteTags(hoodie, null)).toContain('list:new');
  });

  it('matches an entry by any shared tag, and everything by *', () => {
    expect(tagsIntersect(['product:p1'], new Set(['product:p1']))).toBe(true);
    expect(tagsIntersect(['product:p2'], new Set(['product:p1']))).toBe(false);
    expect(tagsIntersect(['product:p2'], new Set(['*']))).toBe(true);
  });
});
