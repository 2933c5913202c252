/**
 * The shop's navigation links, shared by the header, the mobile menu and the footer (their own
 * module, so the header and its lazily loaded menu do not import each other).
 */
import { CATEGORY_LABELS, CATEGORY_PATHS } from '@domain/categories';
import * as MESSAGES from '@domain/messages';

/** SPEC §2 Header: the four category links, labelled exactly as the spec writes them. */
export const CATEGORY_LINKS = [
  { to: '/new-arrivals', label: MESSAGES.navNewArrivals },
  { to: '/t-shirts', label: MESSAGES.navTShirts },
  { to: '/strength-in-christ', label: MESSAGES.navStrengthInChrist },
  { to: '/eves-legacy', label: MESSAGES.navGracefullyChosen },
] as const;

/** The footer's Shop list: the header's four, then the two pages the header leaves out. */
export const SHOP_LINKS = [
  ...CATEGORY_LINKS,
  ...(['hoodies', 'accessories'] as const).map((key) => ({ to: CATEGORY_PATHS[key], label: CATEGORY_LABELS[key] })),
];

/** A round icon button or link in the header and the menu (the `.icon-link` class, app.css). */
export const iconLink = 'icon-link';

/** SPEC §2 Footer: the Quick Links, each opening a dialog (info-dialog.tsx). */
export const QUICK_LINKS = [
  MESSAGES.footerAboutUs,
  MESSAGES.footerOurStory,
  MESSAGES.footerSizeGuide,
  MESSAGES.footerShippingInfo,
  MESSAGES.footerReturns,
] as const;
export type QuickLink = (typeof QUICK_LINKS)[number];
