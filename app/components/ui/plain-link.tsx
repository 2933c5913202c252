import type { AnchorHTMLAttributes } from 'react';
import { createPath, useLocation, useNavigate } from 'react-router';

export type PlainLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** An absolute path, with its query and fragment if any. */
  to: string;
  /**
   * Route discovery as React Router's `<Link>` does it: `data-discover` makes the router fetch
   * this address's route with the page's others, so the click does not wait for it. Off for a
   * link the page repeats (a card's picture beside its titled link).
   */
  discover?: boolean;
  /** The link to the page being shown (`aria-current="page"`, styled by app.css). */
  current?: boolean;
  /** Keeps the scroll position (a filter, 'Load more'), as `<Link preventScrollReset>`. */
  preventScrollReset?: boolean;
};

/**
 * A link of the pages every visitor gets (the header, a card, a filter): a plain `<a>` that
 * navigates inside the app on a plain click, and as any link otherwise (a new tab, a modified
 * click, no JavaScript yet). React Router's `<Link>` and `<NavLink>` resolve their path against
 * the route matches on every render (the matches through JSON and back, per link), which
 * every server render paid for each of its links (issue 15; decision 024). These addresses are
 * absolute, so there is nothing to resolve. As `<Link>` does, a click on the link to where the
 * visitor is replaces the history entry instead of adding one.
 */
export function PlainLink({ to, onClick, discover = false, current, preventScrollReset, ...props }: PlainLinkProps) {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <a
      {...props}
      href={to}
      aria-current={current ? 'page' : props['aria-current']}
      data-discover={discover ? 'true' : undefined}
      onClick={(event) => {
        onClick?.(event);
        const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
        const elsewhere = props.target !== undefined && props.target !== '_self';
        if (event.defaultPrevented || event.button !== 0 || modified || elsewhere) return;
        event.preventDefault();
        void navigate(to, { replace: createPath(location) === to, preventScrollReset });
      }}
    />
  );
}

/** Whether a path is the current page's or below it, as `<NavLink>` decides (letter case aside). */
export function isCurrentPath(pathname: string, to: string): boolean {
  const here = pathname.toLowerCase();
  const there = to.toLowerCase();
  return here === there || (there !== '/' && here.startsWith(`${there}/`));
}
