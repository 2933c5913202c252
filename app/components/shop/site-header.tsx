import Award from 'lucide-react/icons/award';
import LogIn from 'lucide-react/icons/log-in';
import Menu from 'lucide-react/icons/menu';
import ShoppingBag from 'lucide-react/icons/shopping-bag';
import { lazy, Suspense, useRef, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { MESSAGES } from '@domain/messages';
import { SignOutButton } from '~/components/account/sign-out-button';
import { Button } from '~/components/ui/button';
import { useCart } from '~/lib/cart-store';
import type { Viewer } from '@server/context';

/** SPEC §2 Header: the four category links, labelled exactly as the spec writes them. */
export const CATEGORY_LINKS = [
  { to: '/new-arrivals', label: MESSAGES.navNewArrivals },
  { to: '/t-shirts', label: MESSAGES.navTShirts },
  { to: '/strength-in-christ', label: MESSAGES.navStrengthInChrist },
  { to: '/eves-legacy', label: MESSAGES.navGracefullyChosen },
] as const;

// The admin dialog's code loads only when a visitor opens it: shoppers never download it.
const MobileMenu = lazy(() => import('./mobile-menu'));
const AdminAccessDialog = lazy(() =>
  import('~/components/admin/admin-access-dialog').then((module) => ({ default: module.AdminAccessDialog })),
);

export const iconLink = 'relative grid size-10 place-items-center rounded-full text-ink transition hover:bg-brand-50 hover:text-brand-700';

/**
 * SPEC §2 Header: sticky; the account icons come from the root loader's viewer, so the
 * server renders them right (no flash). Wide screens: links and 'Admin'. Narrow screens: a
 * 320px slide-in menu (a Radix dialog: focus trapped and restored, Escape closes).
 */
export function SiteHeader({ viewer }: { viewer: Viewer | null }) {
  const cart = useCart();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  // The menu mounts only while open, so focus goes back to its button by hand.
  const closeMenu = () => {
    setMenuOpen(false);
    requestAnimationFrame(() => menuButton.current?.focus());
  };
  const [adminOpen, setAdminOpenState] = useState(false);
  const [adminRequested, setAdminRequested] = useState(false);
  const setAdminOpen = (open: boolean) => {
    if (open) setAdminRequested(true);
    setAdminOpenState(open);
  };

  return (
    <header className="sticky top-0 z-40 border-b border-line bg-surface/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4 sm:px-6">
        <div className="flex items-center gap-1">
          <button
            type="button"
            className={`${iconLink} md:hidden`}
            ref={menuButton}
            aria-label="Open menu"
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen(true)}
          >
            <Menu className="size-5" aria-hidden />
          </button>
          {menuOpen && (
            <Suspense fallback={null}>
              <MobileMenu
                onClose={closeMenu}
                onAdmin={() => {
                  setMenuOpen(false);
                  setAdminOpen(true);
                }}
              />
            </Suspense>
          )}
          <Link to="/" className="flex items-center gap-2 font-semibold tracking-tight" aria-label="Wear Your Faith home">
            <img src="/images/logo.svg" alt="" width={28} height={28} />
            <span className="hidden text-lg min-[360px]:inline">{MESSAGES.brandName}</span>
          </Link>
        </div>
        <nav aria-label="Main" className="hidden items-center gap-6 text-sm font-medium md:flex">
          {CATEGORY_LINKS.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              className={({ isActive }) =>
                `rounded transition hover:text-brand-600 ${isActive ? 'text-brand-700' : 'text-ink'}`
              }
            >
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="flex items-center gap-0.5">
          {viewer ? (
            <>
              <Link to="/loyalty" className={iconLink} aria-label="Loyalty rewards">
                <Award className="size-5" aria-hidden />
              </Link>
              <SignOutButton className={iconLink} />
            </>
          ) : (
            <Link to="/auth" className={iconLink} aria-label="Sign in">
              <LogIn className="size-5" aria-hidden />
            </Link>
          )}
          <Link to="/cart" className={iconLink} aria-label={cart.count > 0 ? `Cart, ${cart.count} items` : 'Cart'}>
            <ShoppingBag className="size-5" aria-hidden />
            {cart.count > 0 && (
              <span
                data-testid="cart-count"
                className="absolute -top-0.5 -right-0.5 grid min-w-5 place-items-center rounded-full bg-brand-600 px-1 text-[11px] font-bold text-white"
              >
                {cart.count}
              </span>
            )}
          </Link>
          <Button variant="outline" size="sm" className="ml-2 max-md:hidden" onClick={() => setAdminOpen(true)}>
            {MESSAGES.adminButton}
          </Button>
        </div>
      </div>
      {adminRequested && (
        <Suspense fallback={null}>
          <AdminAccessDialog open={adminOpen} onOpenChange={setAdminOpen} />
        </Suspense>
      )}
    </header>
  );
}
