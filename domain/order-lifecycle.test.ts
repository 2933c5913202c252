import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cancelRestocks, CARRIERS, KNOWN_CARRIERS, LIFECYCLE_MESSAGES, planPointsReversal, TRACKING_NUMBER_MAX_LENGTH, trackingUrl } from './order-lifecycle';
import { ShipmentSchema } from './shipment';

describe('trackingUrl', () => {
  it('fills each known carrier template with the number, spaces and dashes removed', () => {
    expect(trackingUrl('USPS', '9400 1000 0000')).toBe('https://tools.usps.com/go/TrackConfirmAction?tLabels=940010000000');
    expect(trackingUrl('UPS', '1Z999AA10123456784')).toBe('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(trackingUrl('FedEx', '1234-5678-9012')).toBe('https://www.fedex.com/fedextrack/?trknbr=123456789012');
    expect(trackingUrl('DHL', 'JD0146')).toContain('tracking-id=JD0146');
    for (const carrier of KNOWN_CARRIERS) expect(CARRIERS[carrier]).toContain('{tracking}');
  });
  it('has no link for Other, no carrier or no number', () => {
    expect(trackingUrl('Other', '123')).toBeNull();
    expect(trackingUrl(null, '123')).toBeNull();
    expect(trackingUrl('UPS', null)).toBeNull();
    expect(trackingUrl('toString', '123')).toBeNull();
  });
});

describe('ShipmentSchema', () => {
  it('trims, treats blank as absent and keeps known carriers', () => {
    expect(ShipmentSchema.parse({ carrier: 'UPS', trackingNumber: '  1Z 99 ' })).toEqual({ carrier: 'UPS', trackingNumber: '1Z 99' });
    expect(ShipmentSchema.parse({ carrier: '', trackingNumber: '   ' })).toEqual({ carrier: null, trackingNumber: null });
    expect(ShipmentSchema.parse({})).toEqual({ carrier: null, trackingNumber: null });
    expect(ShipmentSchema.parse({ carrier: 'DHL' })).toEqual({ carrier: 'DHL', trackingNumber: null });
  });
  it('refuses with the reason', () => {
    const message = (input: unknown) => ShipmentSchema.safeParse(input).error?.issues[0]?.message;
    expect(message({ carrier: 'UPS', trackingNumber: '1'.repeat(TRACKING_NUMBER_MAX_LENGTH + 1) })).toBe(LIFECYCLE_MESSAGES.trackingTooLong);
    expect(message({ carrier: 'UPS', trackingNumber: 'a--b' })).toBe(LIFECYCLE_MESSAGES.trackingMalformed);
    expect(message({ carrier: 'UPS', trackingNumber: 'a\u0000b' })).toBe(LIFECYCLE_MESSAGES.trackingMalformed);
    expect(message({ carrier: 'UPS', trackingNumber: ['1'] })).toBe(LIFECYCLE_MESSAGES.trackingMalformed);
    expect(message({ carrier: 'Royal Mail' })).toBe(LIFECYCLE_MESSAGES.carrierUnknown);
    expect(message({ trackingNumber: '123' })).toBe(LIFECYCLE_MESSAGES.trackingNeedsCarrier);
  });
});

describe('planPointsReversal', () => {
  it('returns what was redeemed and takes back what was earned', () => {
    expect(planPointsReversal({ earned: 3000, redeemed: 500, spendable: 4000 })).toEqual({
      returned: 500,
      takenBack: 3000,
      owed: 0,
      net: -2500,
    });
  });
  it('takes back points already spent all the same, and says how many are owed', () => {
    expect(planPointsReversal({ earned: 3000, redeemed: 500, spendable: 300 })).toEqual({
      returned: 500,
      takenBack: 3000,
      owed: 2200,
      net: -2500,
    });
    // Points held by an unpaid checkout are not spendable: taken back too, and owed.
    expect(planPointsReversal({ earned: 10998, redeemed: 0, spendable: 998 })).toMatchObject({ takenBack: 10998, owed: 10000 });
    expect(planPointsReversal({ earned: 100, redeemed: 0, spendable: -50 })).toMatchObject({ takenBack: 100, owed: 100 });
  });
  it('always takes back exactly what was earned; owed is what the balance could not cover', () => {
    fc.assert(
      fc.property(fc.nat(1e7), fc.nat(1e7), fc.integer({ min: -1e6, max: 1e7 }), (earned, redeemed, spendable) => {
        const plan = planPointsReversal({ earned, redeemed, spendable });
        expect(plan.takenBack).toBe(earned);
        expect(plan.returned).toBe(redeemed);
        expect(plan.net).toBe(redeemed - earned);
        expect(plan.owed).toBe(Math.max(0, earned - Math.max(0, spendable + redeemed)));
      }),
    );
  });
});

describe('what a cancellation does to stock', () => {
  it('puts units back unless the order has shipped, and the dialog says which', () => {
    expect(['pending', 'processing'].map(cancelRestocks)).toEqual([true, true]);
    expect(['shipped', 'delivered'].map(cancelRestocks)).toEqual([false, false]);
    expect(LIFECYCLE_MESSAGES.cancelPaidDescription(2599, 'processing')).toContain('the items go back into stock');
    expect(LIFECYCLE_MESSAGES.cancelPaidDescription(2599, 'shipped')).toContain('the items stay out of stock');
    expect(LIFECYCLE_MESSAGES.cancelUnpaidDescription('pending')).toContain('Its items go back into stock');
    expect(LIFECYCLE_MESSAGES.cancelUnpaidDescription('delivered')).toContain('Its items stay out of stock');
  });
});
