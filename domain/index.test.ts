import { describe, expect, it } from 'vitest';
import * as domain from './index';

describe('domain index', () => {
  it('re-exports every module', () => {
    for (const name of [
      'parsePriceToCents',
      'lookupCoupon',
      'shippingCents',
      'pointsForTotal',
      'priceOrder',
      'serializeCart',
      'addItem',
      'marginBand',
      'validateDonationAmount',
      'ProductInputSchema',
      'CheckoutRequestSchema',
      'VisitorHeartbeatSchema',
      'selectImagesForColor',
      'MESSAGES',
    ]) {
      expect(domain).toHaveProperty(name);
    }
  });
});
