import { SHOP_PAGE_TITLES, shopPagePath } from '@domain/shop-pages';
import { cn } from '~/lib/utils';

/**
 * The checkout's link to the terms (issue 32 item 11), under the cart's Proceed to Checkout and
 * the hosted page's Pay: what the shopper agrees to, one click away.
 */
export function TermsNote({ action, className }: { action: 'checking out' | 'paying'; className?: string }) {
  const link = (slug: 'terms-of-sale' | 'returns-policy') => (
    // A plain link: the cart's summary is also drawn outside the router (its component tests).
    <a
      href={shopPagePath(slug)}
      className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
    >
      {SHOP_PAGE_TITLES[slug]}
    </a>
  );
  return (
    <p className={cn('text-center text-xs text-muted', className)} data-testid="terms-note">
      By {action} you agree to our {link('terms-of-sale')} and {link('returns-policy')}.
    </p>
  );
}
