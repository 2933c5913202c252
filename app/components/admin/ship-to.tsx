/**
 * An order's 'Ship to' block: the address as a label reads it, or a note that none was
 * collected. The order details dialog shows it quietly; the packing slip larger, and a
 * missing address in red (the parcel cannot go out).
 */
import type { ShippingAddress } from '@domain/shipping-address';
import { AddressLines } from '~/components/shop/address-lines';

const VARIANTS = {
  details: {
    Heading: 'h3',
    headingId: 'ship-to-heading',
    address: 'mt-1',
    testId: 'order-shipping-address',
    missing: <p className="mt-1 text-muted">No shipping address collected</p>,
  },
  slip: {
    Heading: 'h2',
    headingId: 'ship-to',
    address: 'mt-2 text-base',
    testId: 'slip-address',
    missing: <p className="mt-2 font-medium text-red-700">No shipping address was collected for this order.</p>,
  },
} as const;

export function ShipTo(props: { address: ShippingAddress | null; variant: keyof typeof VARIANTS }) {
  const { Heading, headingId, address, testId, missing } = VARIANTS[props.variant];
  return (
    <div>
      <Heading id={headingId} className="text-xs font-semibold tracking-wide text-muted uppercase">
        Ship to
      </Heading>
      {props.address ? <AddressLines address={props.address} className={address} testId={testId} /> : missing}
    </div>
  );
}
