/**
 * An order's tracking number, linked to the carrier's tracking page when the carrier is one
 * we know (domain/order-lifecycle's trackingUrl): on /account and in the admin's details.
 */
import { cn } from '~/lib/utils';

export function TrackingLink(props: {
  number: string;
  url: string | null;
  className?: string;
  /** Added when it is a link. */
  linkClassName: string;
}) {
  return props.url ? (
    <a href={props.url} target="_blank" rel="noopener noreferrer" className={cn(props.className, props.linkClassName)}>
      {props.number}
    </a>
  ) : (
    <span className={props.className}>{props.number}</span>
  );
}
