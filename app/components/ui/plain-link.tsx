import type { AnchorHTMLAttributes } from 'react';
import { useNavigate } from 'react-router';

/**
 * A link that a page repeats (a card's picture, the home page's tiles, the footer's shop
 * links): a plain `<a>` that navigates inside the app on a plain click, and as any link
 * otherwise (a new tab, a modified click, no JavaScript yet). React Router's `<Link>` resolves
 * its path against the route matches on every render (the matches through JSON and back, per
 * link), which every server render of `/` paid for each of its links (issue 15). These
 * addresses are absolute, with no active state and no route discovery of their own (the
 * page's other links discover their routes; an undiscovered one is fetched on the click).
 */
export function PlainLink({
  to,
  onClick,
  ...props
}: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { /** An absolute path. */ to: string }) {
  const navigate = useNavigate();
  return (
    <a
      {...props}
      href={to}
      onClick={(event) => {
        onClick?.(event);
        const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
        const elsewhere = props.target !== undefined && props.target !== '_self';
        if (event.defaultPrevented || event.button !== 0 || modified || elsewhere) return;
        event.preventDefault();
        void navigate(to);
      }}
    />
  );
}
