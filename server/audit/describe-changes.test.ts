import { describe, expect, it } from 'vitest';
import { changeSentence, productChanges } from './describe-changes';

describe('productChanges', () => {
  it('keeps only what changed, money in dollars', () => {
    const changes = productChanges(
      { name: 'Tee', priceCents: 2499, sizes: ['S', 'M'], isActive: true },
      { name: 'Tee', priceCents: 1999, sizes: ['S', 'M', 'L'], isActive: true },
    );
    expect(changes).toEqual([
      { field: 'price', from: '$24.99', to: '$19.99' },
      { field: 'sizes', from: 'S, M', to: 'S, M, L' },
    ]);
    expect(changeSentence(changes)).toBe('price from $24.99 to $19.99, sizes from S, M to S, M, L');
  });

  it('lists every set field of a new or deleted product', () => {
    expect(productChanges(null, { name: 'Cap', priceCents: 1500 })).toEqual([
      { field: 'name', from: null, to: 'Cap' },
      { field: 'price', from: null, to: '$15.00' },
    ]);
  });
});
