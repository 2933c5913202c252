import { SHOP_CONTACT_EMAIL } from '@domain/brand';
import * as MESSAGES from '@domain/messages';
import { SHOP_PAGE_SLUGS, SHOP_PAGE_TITLES, shopPagePath } from '@domain/shop-pages';
import { lazy, memo, Suspense, useRef, useState } from 'react';
import { PlainLink } from '~/components/ui/plain-link';
import { Mail, MapPin, Phone } from '~/components/ui/icons';
import { QUICK_LINKS, SHOP_LINKS, type QuickLink } from './nav-links';

// The dialogs and their text load when a Quick Link is first opened, not with every page.
const InfoDialog = lazy(() => import('./info-dialog'));

/**
 * The footer is on every page, so its HTML is kept short (issue 15): the columns' headings,
 * lists, links and icons are styled by two component classes (app.css) instead of each element
 * repeating its own.
 */
export const SiteFooter = memo(function SiteFooter() {
  const [openLink, setOpenLink] = useState<QuickLink | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  return (
    <footer className="site-footer">
      <div className="footer-columns">
        <div>
          <p className="footer-brand">
            <img src="/images/logo.svg" alt="" width={24} height={24} />
            {MESSAGES.brandName}
          </p>
          <p className="mt-3 max-w-xs">
            Faith-inspired apparel made by students, shared with love. Wear what you believe.
          </p>
        </div>
        <div>
          <h2>Shop</h2>
          <ul>
            {SHOP_LINKS.map((link) => (
              <li key={link.to}>
                {/* Plain links (no route discovery of their own): the header's links already
                    discover four of these routes, the other two load on the click. */}
                <PlainLink to={link.to}>{link.label}</PlainLink>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2>{MESSAGES.quickLinks}</h2>
          <ul>
            {QUICK_LINKS.map((link) => (
              <li key={link}>
                {/* Not inside a form: no type needed (every page's HTML carries these). */}
                <button
                  aria-haspopup="dialog"
                  onClick={(event) => {
                    opener.current = event.currentTarget;
                    setOpenLink(link);
                  }}
                >
                  {link}
                </button>
              </li>
            ))}
          </ul>
          {openLink && (
            <Suspense fallback={null}>
              <InfoDialog
                link={openLink}
                onClose={() => {
                  setOpenLink(null);
                  // The browser gives focus back itself; Safari never focused the clicked button.
                  opener.current?.focus();
                }}
              />
            </Suspense>
          )}
        </div>
        <div>
          <h2>Contact</h2>
          <ul className="footer-contact">
            <li>
              <Mail />
              <a href={`mailto:${SHOP_CONTACT_EMAIL}`}>{SHOP_CONTACT_EMAIL}</a>
            </li>
            <li>
              <Phone />
              <a href="tel:+13175550142">(317) 555-0142</a>
            </li>
            <li>
              <MapPin />
              {MESSAGES.footerLocation}
            </li>
          </ul>
        </div>
      </div>
      {/* The policy pages (issue 32 item 11), beside the Quick Links' dialogs: pages of their own. */}
      <div className="footer-legal">
        <p>{`© ${new Date().getFullYear()} ${MESSAGES.brandName}. All rights reserved.`}</p>
        <ul aria-label="Policies">
          {SHOP_PAGE_SLUGS.map((slug) => (
            <li key={slug}>
              <PlainLink to={shopPagePath(slug)}>{SHOP_PAGE_TITLES[slug]}</PlainLink>
            </li>
          ))}
        </ul>
      </div>
    </footer>
  );
});
