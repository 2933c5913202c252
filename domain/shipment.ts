/**
 * What an admin may send with 'shipped' (issue 11 item 4), validated the same in the admin
 * dialog and on the server. Apart from domain/order-lifecycle so pages that only show texts
 * (payment success, account) do not load zod.
 */
import { z } from 'zod';
import { CARRIER_OPTIONS, LIFECYCLE_MESSAGES, TRACKING_NUMBER_MAX_LENGTH, TRACKING_NUMBER_PATTERN } from './order-lifecycle';

const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/**
 * What an admin sends with 'shipped': an optional carrier and an optional tracking number,
 * trimmed; blank counts as absent. A tracking number without a carrier is refused (no link,
 * no way to tell the customer where to look).
 */
export const ShipmentSchema = z
  .object({
    carrier: z.preprocess(
      blankToNull,
      z.enum(CARRIER_OPTIONS, { error: LIFECYCLE_MESSAGES.carrierUnknown }).nullable().optional(),
    ),
    trackingNumber: z.preprocess(
      (value) => (typeof value === 'string' ? blankToNull(value.trim()) : value),
      z
        .string({ error: LIFECYCLE_MESSAGES.trackingMalformed })
        .max(TRACKING_NUMBER_MAX_LENGTH, { error: LIFECYCLE_MESSAGES.trackingTooLong })
        .regex(TRACKING_NUMBER_PATTERN, { error: LIFECYCLE_MESSAGES.trackingMalformed })
        .nullable()
        .optional(),
    ),
  })
  .refine((value) => !value.trackingNumber || value.carrier, {
    error: LIFECYCLE_MESSAGES.trackingNeedsCarrier,
    path: ['carrier'],
  })
  .transform((value) => ({ carrier: value.carrier ?? null, trackingNumber: value.trackingNumber ?? null }));
export type Shipment = z.infer<typeof ShipmentSchema>;

