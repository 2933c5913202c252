import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateCents } from './allocate';

describe('allocateCents', () => {
  it('shares in proportion, the leftover cents to the largest remainders', () => {
    expect(allocateCents(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocateCents(10, [3, 7])).toEqual([3, 7]);
    expect(allocateCents(5, [1500, 2500])).toEqual([2, 3]);
    expect(allocateCents(1, [1, 2])).toEqual([0, 1]);
  });

  it('gives nothing to a part of weight 0 while another part weighs something', () => {
    expect(allocateCents(99, [0, 5, 0])).toEqual([0, 99, 0]);
  });

  it('keeps an amount over all-zero weights whole, on the first part', () => {
    expect(allocateCents(7, [0, 0])).toEqual([7, 0]);
    expect(allocateCents(0, [0, 0])).toEqual([0, 0]);
    expect(allocateCents(0, [])).toEqual([]);
  });

  it('refuses negative, fractional and lost amounts', () => {
    expect(() => allocateCents(-1, [1])).toThrow(RangeError);
    expect(() => allocateCents(1.5, [1])).toThrow(RangeError);
    expect(() => allocateCents(1, [-1, 2])).toThrow(RangeError);
    expect(() => allocateCents(1, [])).toThrow(RangeError);
  });

  it('always adds up exactly, each share within a cent of its exact part', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.array(fc.integer({ min: 0, max: 5_000_000 }), { minLength: 1, maxLength: 30 }),
        (amount, weights) => {
          const shares = allocateCents(amount, weights);
          expect(shares.reduce((sum, share) => sum + share, 0)).toBe(amount);
          const total = weights.reduce((sum, weight) => sum + weight, 0);
          if (total === 0) return;
          shares.forEach((share, index) => {
            const exact = (amount * weights[index]!) / total;
            expect(Math.abs(share - exact)).toBeLessThan(1 + 1e-9);
          });
        },
      ),
    );
  });
});
