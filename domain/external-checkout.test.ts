import { describe, expect, it } from 'vitest';
import {
  ExternalCheckoutRequestSchema,
  firstBlockingCartProblem,
  mapCartProblem,
} from './external-checkout';
import * as MESSAGES from './messages';

describe('mapCartProblem (SPEC §8 legacy codes)', () => {
  it.each([
    ['MERCHANDISE_NOT_ENOUGH_STOCK', 'NOT_ENOUGH_IN_STOCK'],
    ['MERCHANDISE_OUT_OF_STOCK', 'NOT_ENOUGH_IN_STOCK'],
    ['INVALID_ZIP_CODE_FOR_COUNTRY', 'INVALID_FOR_COUNTRY'],
    ['NOTE_TOO_LONG', 'TOO_LONG'],
    ['ADDRESS_FIELD_IS_TOO_LONG', 'TOO_LONG'],
  ])('maps %s to %s and keeps Shopify’s message', (code, legacy) => {
    expect(mapCartProblem({ code, message: 'Shopify says no' })).toEqual({ code: legacy, message: 'Shopify says no' });
  });

  it('falls back to the unknown-error text for any other or missing code', () => {
    for (const problem of [{ code: 'INVALID', message: 'x' }, { code: 'LESS_THAN' }, { code: null }, {}]) {
      expect(mapCartProblem(problem)).toEqual({ code: null, message: 'an unknown error has occurred.' });
    }
    expect(MESSAGES.shopUnknownError).toBe('an unknown error has occurred.');
  });

  it('uses the unknown-error text when a known code comes without a message', () => {
    expect(mapCartProblem({ code: 'NOTE_TOO_LONG', message: '  ' })).toEqual({
      code: 'TOO_LONG',
      message: 'an unknown error has occurred.',
    });
  });
});

describe('firstBlockingCartProblem', () => {
  it('is null when there are no errors and only harmless warnings', () => {
    expect(firstBlockingCartProblem([], [])).toBeNull();
    expect(firstBlockingCartProblem([], [{ code: 'PAYMENTS_GIFT_CARDS_UNAVAILABLE', message: 'x' }])).toBeNull();
  });

  it('stops on a stock warning (Cart API since 2024-10)', () => {
    expect(
      firstBlockingCartProblem([], [{ code: 'MERCHANDISE_OUT_OF_STOCK', message: 'The product is out of stock.' }]),
    ).toEqual({ code: 'NOT_ENOUGH_IN_STOCK', message: 'The product is out of stock.' });
  });

  it('prefers the first user error over warnings', () => {
    expect(
      firstBlockingCartProblem(
        [{ code: 'INVALID', message: 'Merchandise is invalid' }],
        [{ code: 'MERCHANDISE_OUT_OF_STOCK', message: 'out' }],
      ),
    ).toEqual({ code: null, message: 'an unknown error has occurred.' });
  });
});

describe('ExternalCheckoutRequestSchema', () => {
  it('accepts a Shopify variant id and refuses anything else', () => {
    expect(ExternalCheckoutRequestSchema.safeParse({ variantId: 'gid://shopify/ProductVariant/4001' }).success).toBe(true);
    for (const variantId of ['', '4001', 'gid://shopify/Product/1', 'gid://shopify/ProductVariant/1?x=<y>']) {
      expect(ExternalCheckoutRequestSchema.safeParse({ variantId }).success).toBe(false);
    }
    expect(ExternalCheckoutRequestSchema.safeParse({}).success).toBe(false);
  });
});
