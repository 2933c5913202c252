import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as CART_MESSAGES from './cart-messages';
import {
  FREE_SHIPPING_THRESHOLD_CENTS,
  SHIPPING_FLAT_CENTS,
  qualifiesForFreeShipping,
  remainingForFreeShippingCents,
  shippingCents,
} from './shipping';

describe('shipping constants (SPEC §9)', () => {
  it('charges $5.99 below the $50 threshold', () => {
    expect(SHIPPING_FLAT_CENTS).toBe(599);
    expect(FREE_SHIPPING_THRESHOLD_CENTS).toBe(5000);
  });
});

describe('shippingCents', () => {
  it('charges shipping at exactly $50.00 and ships free at $50.01', () => {
    expect(shippingCents(5000, 1)).toBe(599);
    expect(shippingCents(5001, 1)).toBe(0);
    expect(shippingCents(4999, 3)).toBe(599);
    expect(shippingCents(100_000, 3)).toBe(0);
  });

  it('charges nothing for an empty cart', () => {
    expect(shippingCents(0, 0)).toBe(0);
  });

  it('charges items that cost nothing', () => {
    expect(shippingCents(0, 1)).toBe(599);
  });

  it('is 0 exactly when the cart has items and is over $50, else 599', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 1, max: 500 }), (subtotal, count) => {
        expect(shippingCents(subtotal, count)).toBe(subtotal > 5000 ? 0 : 599);
      }),
    );
  });
});

describe('qualifiesForFreeShipping', () => {
  it('is strict: over $50', () => {
    expect(qualifiesForFreeShipping(5000)).toBe(false);
    expect(qualifiesForFreeShipping(5001)).toBe(true);
  });
});

describe('remainingForFreeShippingCents', () => {
  it('is the amount that takes the subtotal over $50', () => {
    expect(remainingForFreeShippingCents(0)).toBe(5001);
    expect(remainingForFreeShippingCents(4000)).toBe(1001);
    expect(remainingForFreeShippingCents(5000)).toBe(1);
    expect(remainingForFreeShippingCents(5001)).toBe(0);
    expect(remainingForFreeShippingCents(9000)).toBe(0);
  });

  it('adding the remainder always qualifies, one cent less never does', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5000 }), (subtotal) => {
        const remaining = remainingForFreeShippingCents(subtotal);
        expect(qualifiesForFreeShipping(subtotal + remaining)).toBe(true);
        expect(qualifiesForFreeShipping(subtotal + remaining - 1)).toBe(false);
      }),
    );
  });
});

describe('CART_MESSAGES.freeShippingNote', () => {
  it('uses the spec sentences', () => {
    expect(CART_MESSAGES.freeShippingNote(5001)).toBe('Free shipping on orders over $50. Your order qualifies!');
    expect(CART_MESSAGES.freeShippingNote(4000)).toBe('Add $10.01 more for free shipping');
    expect(CART_MESSAGES.freeShippingNote(5000)).toBe('Add $0.01 more for free shipping');
  });
});
