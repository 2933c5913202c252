import * as MESSAGES from '@domain/messages';
import { RETURN_WINDOW_DAYS, SHOP_PAGE_TITLES, shopPagePath, type ShopPageSlug } from '@domain/shop-pages';
import { PlainLink } from '~/components/ui/plain-link';
import { NativeDialog } from './native-dialog';
import type { QuickLink } from './nav-links';

/** Chest measurements in inches, measured flat and doubled: size, T-shirt, hoodie. */
const SIZE_CHART = [
  ['XS', '31–34', '—'],
  ['S', '34–37', '36–39'],
  ['M', '38–41', '40–43'],
  ['L', '42–45', '44–47'],
  ['XL', '46–49', '48–51'],
  ['XXL', '50–53', '52–55'],
];

/**
 * What each footer Quick Link says. This module loads when a Quick Link is first opened, so
 * none of this text weighs on the pages' first load. SPEC §2 Footer: Shipping Info says the
 * spec's two sentences, built from the shipping constants.
 */
const QUICK_LINK_CONTENT: Record<QuickLink, { summary: string; body: React.ReactNode; page?: ShopPageSlug }> = {
  [MESSAGES.footerAboutUs]: {
    summary: 'Who we are and why we make what we make.',
    body: (
      <p>
        Wear Your Faith is a small, student-run apparel brand from Indiana. We design simple, meaningful clothing that
        starts conversations about faith, and we put part of every sale toward our mission of sharing God&apos;s love in
        our community.
      </p>
    ),
  },
  [MESSAGES.footerOurStory]: {
    summary: 'How a dorm-room idea became a shop.',
    body: (
      <p>
        It began with a handful of hand-printed tees for a campus Bible study. Friends asked where they could get one,
        then friends of friends did. Today we are still students, still printing in small batches, and still praying
        over every design before it goes out the door.
      </p>
    ),
  },
  [MESSAGES.footerSizeGuide]: {
    summary: 'Chest measurements in inches, measured flat and doubled.',
    body: (
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Chest size by garment size, in inches</caption>
        <thead>
          <tr className="border-b border-line">
            {['Size', 'T-shirt chest', 'Hoodie chest'].map((heading) => (
              <th key={heading} scope="col" className="py-2">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {SIZE_CHART.map(([size, tee, hoodie]) => (
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
  [MESSAGES.footerShippingInfo]: {
    summary: 'When your order arrives and where we ship.',
    body: (
      <>
        <p>{MESSAGES.shippingTime}.</p>
        <p>{MESSAGES.shippingDestinations}.</p>
        <p>{MESSAGES.shippingCost}</p>
      </>
    ),
  },
  [MESSAGES.footerReturns]: {
    summary: `Easy returns within ${RETURN_WINDOW_DAYS} days.`,
    page: 'returns-policy',
    body: (
      <p>
        Not the right fit? Return unworn items with their tags within {RETURN_WINDOW_DAYS} days of delivery for a full
        refund or an exchange. Write to us with your order reference and we will send you the return details.
      </p>
    ),
  },
};

/** A footer Quick Links dialog, with its content; loaded on first use (see site-footer.tsx). */
export default function InfoDialog({ link, onClose }: { link: QuickLink; onClose: () => void }) {
  const { summary, body, page } = QUICK_LINK_CONTENT[link];
  return (
    <NativeDialog title={link} description={summary} onClose={onClose}>
      {(close) => (
        <div className="space-y-3 text-sm leading-relaxed">
          {body}
          {page && (
            // The whole policy (issue 32 item 11); the dialog closes as the page opens.
            <p>
              <PlainLink
                to={shopPagePath(page)}
                onClick={close}
                className="font-semibold text-brand-700 hover:underline"
              >
                {`Read our ${SHOP_PAGE_TITLES[page]}`}
              </PlainLink>
            </p>
          )}
        </div>
      )}
    </NativeDialog>
  );
}
