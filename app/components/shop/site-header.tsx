import { Award, Heart, LogIn, Menu, Search, ShoppingBag, User } from '~/components/ui/icons';
import { lazy, memo, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import * as MESSAGES from '@domain/messages';
import { SignOutButton } from '~/components/account/sign-out-button';
import { Button } from '~/components/ui/button';
import { PlainLink } from '~/components/ui/plain-link';
import { useCart } from '~/lib/cart-store';
import { useFavorites } from '~/lib/favorites-store';
import { holdModal } from '~/lib/modal-presence';
import type { Viewer } from '@domain/viewer';
import { CategoryNavLinks } from './category-nav';
import { iconLink } from './nav-links';
import { SearchForm } from './search-form';

// The admin dialog's code loads only when a visitor opens it: shoppers never download it.
const MobileMenu = lazy(() => import('./mobile-menu'));
const AdminAccessDialog = lazy(() =>
  import('~/components/admin/admin-access-dialog').then((module) => ({ default: module.AdminAccessDialog })),
);

/**
 * A header icon link with a count in its corner (cart lines, saved favorites); its name says
 * the count when there is one ('Cart, 2 items').
 */
function CountedLink({
  to,
  name,
  countedName,
  count,
  testId,
  children,
}: {
  to: string;
  name: string;
  countedName: (count: number) => string;
  count: number;
  testId: string;
  children: React.ReactNode;
}) {
  return (
    <PlainLink discover to={to} className={iconLink} aria-label={count > 0 ? countedName(count) : name}>
      {children}
      {count > 0 && (
        <span
          data-testid={testId}
          className="absolute -top-0.5 -right-0.5 grid min-w-5 place-items-center rounded-full bg-brand-600 px-1 text-[11px] font-bold text-white"
        >
          {count}
        </span>
      )}
    </PlainLink>
  );
}

/**
 * SPEC §2 Header: sticky; the account icons come from the root loader's viewer, so the
 * server renders them right (no flash). Wide screens: links and 'Admin'. Narrow screens: a
 * 320px slide-in menu (a Radix dialog: focus trapped and restored, Escape closes).
 * Search: a field on extra-wide screens; elsewhere a search icon that opens it under the bar
 * (without JavaScript the icon is a plain link to /search). The cart and favorites counts come
 * from the browser after hydration (anonymous pages are the same for everyone).
 */
export const SiteHeader = memo(function SiteHeader({ viewer }: { viewer: Viewer | null }) {
  const cart = useCart();
  const favorites = useFavorites();
  const location = useLocation();
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
  // A signed-in staff member's Admin button opens the admin directly (issue 27); everyone
  // else gets SPEC §2's passcode dialog.
  const navigate = useNavigate();
  const openAdmin = () => (viewer?.staffRole ? void navigate('/admin') : setAdminOpen(true));
  // While the admin dialog is open (or loading), the promo dialog waits.
  useEffect(() => (adminOpen ? holdModal() : undefined), [adminOpen]);
  useEffect(() => (menuOpen ? holdModal() : undefined), [menuOpen]);

  // The search bar belongs to the page it was opened on: a navigation closes it.
  const [searchOpenOn, setSearchOpenOn] = useState<string | null>(null);
  const searchOpen = searchOpenOn === location.key;

  return (
    <header className="site-header">
      <div className="site-header-bar">
        <div>
          {/* The header holds no form around its buttons: they need no type. */}
          <button
            className={`${iconLink} lg:hidden`}
            ref={menuButton}
            aria-label="Open menu"
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen(true)}
          >
            <Menu />
          </button>
          {menuOpen && (
            <Suspense fallback={null}>
              <MobileMenu
                viewer={viewer}
                onClose={closeMenu}
                onAdmin={() => {
                  setMenuOpen(false);
                  openAdmin();
                }}
              />
            </Suspense>
          )}
          {/* React Router always knows the home route (no discovery needed). */}
          <PlainLink to="/" className="brand" aria-label="Wear Your Faith home">
            <img src="/images/logo.svg" alt="" width={28} height={28} />
            <span>{MESSAGES.brandName}</span>
          </PlainLink>
        </div>
        <nav aria-label="Main" className="main-nav">
          <CategoryNavLinks linkClassName="nav-link" />
        </nav>
        <div>
          <SearchForm className="header-search" />
          <PlainLink
            discover
            to="/search"
            className={`${iconLink} xl:hidden`}
            aria-label="Search"
            aria-expanded={searchOpen}
            aria-controls="header-search"
            onClick={(event) => {
              event.preventDefault();
              setSearchOpenOn(searchOpen ? null : location.key);
            }}
          >
            <Search />
          </PlainLink>
          <CountedLink
            to="/favorites"
            name="Favorites"
            countedName={(count) => `Favorites, ${count} saved`}
            count={favorites.count}
            testId="favorites-count"
          >
            <Heart />
          </CountedLink>
          {viewer ? (
            <>
              {/* SPEC §2: signed-in shoppers see the loyalty and sign-out icons at every width;
                  our account icon gives way below 640 px (the menu has it) so a 320 px header fits. */}
              <PlainLink discover to="/account" className={`${iconLink} max-sm:hidden`} aria-label="Your account">
                <User />
              </PlainLink>
              <PlainLink discover to="/loyalty" className={iconLink} aria-label="Loyalty rewards">
                <Award />
              </PlainLink>
              <SignOutButton className={iconLink} />
            </>
          ) : (
            <PlainLink discover to="/auth" className={iconLink} aria-label="Sign in">
              <LogIn />
            </PlainLink>
          )}
          <CountedLink
            to="/cart"
            name="Cart"
            countedName={(count) => `Cart, ${MESSAGES.itemCountLabel(count)}`}
            count={cart.count}
            testId="cart-count"
          >
            <ShoppingBag />
          </CountedLink>
          <Button variant="outline" size="sm" className="admin-button" onClick={openAdmin}>
            {MESSAGES.adminButton}
          </Button>
        </div>
      </div>
      {searchOpen && (
        <div id="header-search" className="border-t border-line px-4 py-3 sm:px-6 xl:hidden">
          <SearchForm className="mx-auto max-w-xl" autoFocus />
        </div>
      )}
      {adminRequested && (
        <Suspense fallback={null}>
          {/* Opened from the mobile menu, which closes: the focus goes back to the menu's button. */}
          <AdminAccessDialog open={adminOpen} onOpenChange={setAdminOpen} returnFocusTo={() => menuButton.current} />
        </Suspense>
      )}
    </header>
  );
});
