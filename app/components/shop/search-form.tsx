import { Search } from '~/components/ui/icons';
import { Form, useSearchParams, useLocation } from 'react-router';
import { SEARCH_QUERY_MAX_LENGTH } from '@domain/search';
import { cn } from '~/lib/utils';

/**
 * The shop's search field: a GET form to /search?q= (works without JavaScript; with it, the
 * results load without a full page load). On /search it shows the current query.
 */
export function SearchForm({
  className,
  autoFocus = false,
  label = 'Site search',
}: {
  className?: string;
  autoFocus?: boolean;
  /** The landmark's name: a page with two search forms tells them apart (axe: landmark-unique). */
  label?: string;
}) {
  const location = useLocation();
  const [params] = useSearchParams();
  const current = location.pathname === '/search' ? (params.get('q') ?? '') : '';
  return (
    // The header's search link has React Router discover /search (no second data-discover).
    <Form
      action="/search"
      method="get"
      role="search"
      aria-label={label}
      className={cn('search-field', className)}
      discover="none"
    >
      <input
        key={current}
        type="search"
        name="q"
        defaultValue={current}
        placeholder="Search"
        aria-label="Search products"
        maxLength={SEARCH_QUERY_MAX_LENGTH}
        autoFocus={autoFocus}
        className="input"
      />
      <Search />
    </Form>
  );
}
