import { Mail, MapPin, Phone } from '~/components/ui/icons';
import { lazy, Suspense, useRef, useState } from 'react';
import { Link } from 'react-router';
import * as MESSAGES from '@domain/messages';
import { SHOP_LINKS } from './nav-links';

// Dialog code loads when a Quick Link is first opened, not with every page.
const InfoDialog = lazy(() => import('./info-dialog'));

/** The Quick Links dialogs' content. SPEC §2 Footer (Shipping Info says the spec's two sentences). */
const QUICK_LINKS: { label: string; summary: string; body: React.ReactNode }[] = [
  {
    label: MESSAGES.footerAboutUs,
    summary: 'Who we are and why we make what we make.',
    body: (
      <p>
        Wear Your Faith is a small, student-run apparel brand from Indiana. We design simple, meaningful clothing that
        starts conversations about faith, and we put part of every sale towards our mission of sharing God&apos;s love
        in our community.
      </p>
    ),
  },
  {
    label: MESSAGES.footerOurStory,
    summary: 'How a dorm-room idea became a shop.',
    body: (
      <p>
        It began with a handful of hand-printed tees for a campus Bible study. Friends asked where they could get one,
        then friends of friends did. Today we are still students, still printing in small batches, and still praying
        over every design before it goes out the door.
      </p>
    ),
  },
  {
    label: MESSAGES.footerSizeGuide,
    summary: 'Chest measurements in inches, measured flat and doubled.',
    body: (
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Chest size by garment size, in inches</caption>
        <thead>
          <tr className="border-b border-line">
            <th scope="col" className="py-2">
              Size
            </th>
            <th scope="col" className="py-2">
              T-shirt chest
            </th>
            <th scope="col" className="py-2">
              Hoodie chest
            </th>
          </tr>
        </thead>
        <tbody>
          {[
            ['XS', '31–34', '—'],
            ['S', '34–37', '36–39'],
            ['M', '38–41', '40–43'],
            ['L', '42–45', '44–47'],
            ['XL', '46–49', '48–51'],
            ['XXL', '50–53', '52–55'],
          ].map(([size, tee, hoodie]) => (
            <tr key={size} className="border-b border-line/60">
              <th scope="row" className="py-2 font-medium">
                {size}
              </th>
              <td className="py-2">{tee}</td>
              <td className="py-2">{hoodie}</td>
            </tr>
          ))}
        </tbody>
      </table>
    ),
  },
  {
    label: MESSAGES.footerShippingInfo,
    summary: 'When your order arrives and where we ship.',
    body: (
      <>
        <p>{MESSAGES.shippingTime}.</p>
        <p>{MESSAGES.shippingDestinations}.</p>
        <p>{MESSAGES.shippingCost}</p>
      </>
    ),
  },
  {
    label: MESSAGES.footerReturns,
    summary: 'Easy returns within 30 days.',
    body: (
      <p>
        Not the right fit? Return unworn items with their tags within 30 days of delivery for a full refund or an
        exchange. Write to us with your order reference and we will send you the return details.
      </p>
    ),
  },
];

export function SiteFooter() {
  const [openLink, setOpenLink] = useState<string | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  // The dialog mounts only while open, so focus goes back to its Quick Link by hand.
  const closeLink = () => {
    setOpenLink(null);
    requestAnimationFrame(() => opener.current?.focus());
  };
  const activeLink = QUICK_LINKS.find((link) => link.label === openLink);
  return (
    <footer className="border-t border-line bg-brand-50">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 text-sm sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div>
          <p className="flex items-center gap-2 text-base font-semibold">
            <img src="/images/logo.svg" alt="" width={24} height={24} />
            {MESSAGES.brandName}
          </p>
          <p className="mt-3 max-w-xs text-muted">
            Faith-inspired apparel made by students, shared with love. Wear what you believe.
          </p>
        </div>
        <div>
          <h2 className="font-semibold">Shop</h2>
          <ul className="mt-3 space-y-2">
            {SHOP_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="text-muted transition hover:text-brand-700">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="font-semibold">{MESSAGES.quickLinks}</h2>
          <ul className="mt-3 space-y-2">
            {QUICK_LINKS.map((link) => (
              <li key={link.label}>
                <button
                  type="button"
                  className="text-muted transition hover:text-brand-700"
                  aria-haspopup="dialog"
                  onClick={(event) => {
                    opener.current = event.currentTarget;
                    setOpenLink(link.label);
                  }}
                >
                  {link.label}
                </button>
              </li>
            ))}
          </ul>
          {activeLink && (
            <Suspense fallback={null}>
              <InfoDialog title={activeLink.label} summary={activeLink.summary} onClose={closeLink}>
                {activeLink.body}
              </InfoDialog>
            </Suspense>
          )}
        </div>
        <div>
          <h2 className="font-semibold">Contact</h2>
          <ul className="mt-3 space-y-2 text-muted">
            <li className="flex items-center gap-2">
              <Mail className="size-4" aria-hidden />
              <a href="mailto:hello@wearyourfaith.shop" className="hover:text-brand-700">
                hello@wearyourfaith.shop
              </a>
            </li>
            <li className="flex items-center gap-2">
              <Phone className="size-4" aria-hidden />
              <a href="tel:+13175550142" className="hover:text-brand-700">
                (317) 555-0142
              </a>
            </li>
            <li className="flex items-center gap-2">
              <MapPin className="size-4" aria-hidden />
              {MESSAGES.footerLocation}
            </li>
          </ul>
        </div>
      </div>
      <p className="border-t border-line py-5 text-center text-xs text-muted">
        © {new Date().getFullYear()} {MESSAGES.brandName}. All rights reserved.
      </p>
    </footer>
  );
}
