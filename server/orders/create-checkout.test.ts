import { describe, expect, it } from 'vitest';
import { AppError } from '../app-error';
import { parseCheckoutRequest } from './create-checkout';

const line = { productId: '6d1f3c1e-1111-4a1a-9a1a-111111111111', color: 'Blue', size: 'M', quantity: 1 };

function refusal(body: unknown): string {
  try {
    parseCheckoutRequest(body);
  } catch (error) {
    if (error instanceof AppError) return `${error.status} ${error.message}`;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('parseCheckoutRequest', () => {
  it('keeps only what the shopper chose and normalizes coupon and e-mail', () => {
    const parsed = parseCheckoutRequest({
      items: [{ ...line, price: 0.01 }],
      couponCode: ' jesus ',
      email: ' A@B.COM ',
      totalCents: 1,
    });
    expect(parsed).toEqual({ items: [line], couponCode: 'JESUS', email: 'a@b.com' });
  });

  it('names the line of a bad quantity, product, colour or size', () => {
    expect(refusal({ items: [line, { ...line, quantity: 100 }] })).toBe(
      '400 Line 2: quantity must be a whole number from 1 to 99',
    );
    expect(refusal({ items: [{ ...line, quantity: 1.5 }] })).toMatch(/^400 Line 1: quantity/);
    expect(refusal({ items: [{ ...line, productId: 'nope' }] })).toBe('400 Line 1: this product is not available');
    expect(refusal({ items: [{ ...line, size: '' }] })).toBe('400 Line 1: choose a size');
  });

  it('refuses an empty cart, a bad e-mail and a missing body', () => {
    expect(refusal({ items: [] })).toBe('400 Your cart is empty');
    expect(refusal({})).toBe('400 Your cart is empty');
    expect(refusal(null)).toBe('400 Invalid checkout request');
    expect(refusal({ items: [line], email: 'not-an-email' })).toBe('400 Please enter a valid email address');
  });
});
