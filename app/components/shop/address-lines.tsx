/** A shipping address as a label reads it (domain's formatAddressLines), one line a row. */
import type { ReactNode } from 'react';
import { formatAddressLines, type ShippingAddress } from '@domain/shipping-address';
import { cn } from '~/lib/utils';

export function AddressLines(props: { address: ShippingAddress; className?: string; testId?: string; children?: ReactNode }) {
  return (
    <address className={cn('leading-relaxed not-italic', props.className)} data-testid={props.testId}>
      {formatAddressLines(props.address).map((line, index) => (
        // Two lines may read the same (a line 2 repeating the city): the position is the key.
        <span key={index} className="block">
          {line}
        </span>
      ))}
      {props.children}
    </address>
  );
}
