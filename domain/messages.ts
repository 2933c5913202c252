/**
 * Messages: the single source of every user-visible text the spec fixes, so the browser,
 * the server and the tests say exactly the same words.
 * SPEC §8 (error catalogue), §5 (validation rules) and §2 (screen texts). Toast titles and
 * descriptions are separate keys (`...Title` / `...Description`); texts with a parameter
 * are functions. Keys marked "ours" are not in the spec.
 *
 * Each text is its own export, imported as a namespace (`import * as MESSAGES from
 * '@domain/messages'`): the bundler keeps only the texts the browser uses. A module lives in
 * one browser chunk, so the admin's texts have their own module, `admin-messages.ts`, and
 * never ship with the storefront (issue 15: JavaScript weight).
 *
 * Every sentence about a rule (coupon, shipping cost and time, points, redemption, donation
 * limits) is built here from the rule's constant, never restated as a literal: change the
 * constant and every page, e-mail and payment page says the new value (a test guards this).
 * This module imports only those constant modules, which never import it back.
 */
import { CATEGORY_LABELS } from './categories';
import { formatPercent, SEED_DISCOUNT } from './coupon';
import { DONATION_MAX_CENTS, DONATION_MIN_CENTS } from './donation-limits';
import { POINTS_PER_DOLLAR, pointsBackFraction, REDEMPTION_RATE, type RedemptionRate } from './loyalty';
import { formatCents, formatCentsCompact, formatCount } from './money';
import { FREE_SHIPPING_THRESHOLD_CENTS, SHIPPING_DAYS, SHIPPING_FLAT_CENTS } from './shipping';

const FREE_SHIPPING_OVER = formatCentsCompact(FREE_SHIPPING_THRESHOLD_CENTS);
const SHIPPING_DAY_RANGE = `${SHIPPING_DAYS.min}-${SHIPPING_DAYS.max} business days`;
const MIN_DONATION = formatCentsCompact(DONATION_MIN_CENTS);
const FREE_SHIPPING_QUALIFIES = `Free shipping on orders over ${FREE_SHIPPING_OVER}. Your order qualifies!`;
const freeShippingRemaining = (formattedAmount: string) => `Add ${formattedAmount} more for free shipping`;

/** '2,000 points = $1.00 off' for the shop's default rate, or for the configured one. */
function redemptionRate(rate: RedemptionRate = REDEMPTION_RATE): string {
  return `${formatCount(rate.points)} points = ${formatCents(rate.cents)} off`;
}

/** What points pay back: '5% back' at the default rate. */
function pointsBack(rate: RedemptionRate = REDEMPTION_RATE): string {
  return `${formatPercent(pointsBackFraction(rate))} back`;
}

import { BRAND_LINE, BRAND_WORD, SHOP_NAME } from './brand';

/** Pluralizes 'item': 1 -> '1 item', 3 -> '3 items'. SPEC §2 New Arrivals */
function itemCountLabel(count: number): string {
  return count === 1 ? '1 item' : `${count} items`;
}

// ── SPEC §8: general ─────────────────────────────────────────────────────
export const errorTitle = 'Error';

// ── SPEC §8 / §5: product card, add to cart ───────────────────────────────
export const selectColor = 'Please select a color';
export const selectSize = 'Please select a size';
export const addToCartFailed = 'Failed to add item to cart';
export const addedToCart = (title: string) => `${title} added to cart!`;
export const addedToCartDescription = (color: string, size: string) => `Color: ${color}, Size: ${size}`;
/** Ours: the added-to-cart toast's link to the cart (issue 32). */
export const viewCart = 'View cart';
/** Ours: why an Add to Cart added fewer than asked (the rest is not in stock). */
export const inYourCart = (count: number) => `You have ${count} in your cart.`;
export const unavailableTitle = 'Unavailable';
export const outOfStockDescription = 'This product is currently out of stock.';

/** ours: the sandbox page's answer when an address field is missing or malformed (each field says which). */
export const shippingAddressInvalid = 'Please check your shipping address.';
export const hostedCheckoutFailed = 'Failed to add item to cart. Please try again.';

// ── SPEC §8 / §5: donation ────────────────────────────────────────────────
export const invalidAmountTitle = 'Invalid Amount';
export const donationInvalidPreset = `Please enter a donation amount of at least ${MIN_DONATION}.`;
export const donationInvalidCustom = `Please enter a valid donation amount of at least ${MIN_DONATION}.`;

/** Ours: the spec sets no maximum; we cap a single gift. */
export const donationTooLarge = `Donations are limited to ${formatCents(DONATION_MAX_CENTS)} per gift.`;
export const donationErrorTitle = 'Donation Error';
export const donationFailed = 'Failed to process donation. Please try again.';

/** Ours: the donation's line on the payment page. */
export const donationLineName = 'Donation to Wear Your Faith';

// ── SPEC §8: product lists ────────────────────────────────────────────────
export const fetchProductsFailed = 'Failed to fetch products';

// ── SPEC §8: loyalty ──────────────────────────────────────────────────────
export const loyaltyLoadFailed = 'Failed to load loyalty information';

// ── SPEC §8 / §5: authentication ──────────────────────────────────────────
export const accountExistsTitle = 'Account exists';
export const accountExistsDescription = 'This email is already registered. Try signing in instead.';
export const signUpFailedTitle = 'Sign up failed';
export const checkEmailTitle = 'Check your email';
export const checkEmailDescription = 'We sent you a confirmation link to complete your registration.';
export const invalidCredentialsTitle = 'Invalid credentials';
export const invalidCredentialsDescription = 'Please check your email and password and try again.';
export const signInFailedTitle = 'Sign in failed';
export const unexpectedError = 'An unexpected error occurred. Please try again.';
export const signUpRequiredFields = 'Please fill in all required fields.';
export const signInRequiredFields = 'Please enter your email and password.';

// ── SPEC §8: external shop library fallback ───────────────────────────────
export const shopUnknownError = 'an unknown error has occurred.';

// ── SPEC §2: 404 ──────────────────────────────────────────────────────────
export const notFound = 'Oops! This page seems to have lost its way.';
export const returnToHome = 'Return to Home';

// ── SPEC §2: header, menu and admin passcode dialog ───────────────────────
export const brandName = SHOP_NAME;
export const navNewArrivals = 'New Arrivals';

/** SPEC's '{product}.': the brand word (domain/brand.ts). */
export const navTShirts = `${BRAND_WORD}.`;
export const navStrengthInChrist = 'Strength in Christ';

/** SPEC's 'Gracefully {product}.'. */
export const navGracefullyChosen = `${BRAND_LINE}.`;
export const adminButton = 'Admin';

// ── SPEC §2: home ─────────────────────────────────────────────────────────
export const heroHeading = SHOP_NAME;
export const heroText = "Discover meaningful apparel that speaks to your heart and shares God's love with the world";
export const shopCollection = 'Shop Collection';
export const featuredCollection = 'Featured Collection';
export const ourCrossCollection = 'Our Cross Collection';
export const ourMission = 'Our Mission';
export const missionFaithCentered = 'Faith-Centered';
export const missionPremiumQuality = 'Premium Quality';
export const missionFastShipping = 'Fast Shipping';

/** Ours: the Our Mission cards' texts that state a rule. */
export const missionFastShippingText = `Orders ship quickly and typically arrive in ${SHIPPING_DAY_RANGE}.`;
export const supportOurMission = 'Support Our Mission';
export const donationOther = 'Other';
export const demoProductName = 'Simple Cross Tee';
export const crossCollectionProductName = 'Classic Cross Tee';

// ── SPEC §2: footer and shipping info ─────────────────────────────────────
export const quickLinks = 'Quick Links';
export const footerAboutUs = 'About Us';
export const footerOurStory = 'Our Story';
export const footerSizeGuide = 'Size Guide';
export const footerShippingInfo = 'Shipping Info';
export const footerReturns = 'Returns';
export const footerLocation = 'Indiana';
export const shippingTime = `Shipping typically takes ${SHIPPING_DAY_RANGE}`;
export const shippingDestinations = 'We ship domestically and worldwide';

/** Ours: the shipping info dialog and the product page. */
export const shippingCost = `Shipping is free on orders over ${FREE_SHIPPING_OVER}; otherwise it is a flat ${formatCentsCompact(SHIPPING_FLAT_CENTS)}.`;
export const freeShippingOver = `Free shipping on orders over ${FREE_SHIPPING_OVER}.`;

/** Ours: the shipping option's name on the hosted payment page. */
export const standardShipping = `Standard shipping (${SHIPPING_DAY_RANGE})`;
export const freeShipping = 'Free shipping';

// ── SPEC §2: promo dialog ─────────────────────────────────────────────────
export const promoCopyCode = 'Copy Code';
export const promoMaybeLater = 'Maybe Later';

/** SPEC §2: the shop's example code (the coupon field's placeholder); the dialog offers the owner's featured code (issue 26). */
export const promoCode = SEED_DISCOUNT.code;
/** Ours: the dialog's title for the code it offers: 'Get 10% off your order', 'Get free shipping'. */
export const promoTitle = (label: string) => `Get ${label}`;
export const promoCodeCopiedTitle = 'Code copied!';

// ── SPEC §2: collection pages ─────────────────────────────────────────────
export const loading = 'Loading...';
export const itemCountLabelParenthesized = (count: number) => `${count} item(s)`;
export const comingSoon = 'Coming Soon';
export const comingSoonDescription = "We're working on adding products to this collection. Check back soon!";
export const browseAllProducts = 'Browse All Products';
export const justDropped = 'Just Dropped';
export const filterAll = 'All';
export const filterAllItems = 'All Items';
export const filterTShirts = CATEGORY_LABELS['t-shirts'];
export const filterHoodies = CATEGORY_LABELS.hoodies;
export const filterAccessories = CATEGORY_LABELS.accessories;
export const filterCotton = 'Cotton';
export const filterBlend = 'Blend';
export const filterVintage = 'Vintage';
export const filterFleece = 'Fleece';
export const filterHeavyweight = 'Heavyweight';
export const filterJewelry = 'Jewelry';
export const filterBags = 'Bags';
export const filterCaps = 'Caps';
export const filterGifts = 'Gifts';
export const gracefullyChosen = BRAND_LINE;
export const noNewArrivals = 'No New Arrivals Yet';
export const noNewArrivalsDescription = 'Check back soon for the latest faith-inspired designs!';
export const joinOurCommunity = 'Join Our Community';

/** Ours: the call to action's text. */
export const communityInvite = `Create an account to earn ${POINTS_PER_DOLLAR} loyalty points for every dollar you spend and hear first about new designs.`;

// ── SPEC §2 / §4: product card ────────────────────────────────────────────
export const saleBadge = 'Sale';
export const addToCart = 'Add to Cart';
export const adding = 'Adding...';
export const outOfStock = 'Out of Stock';
export const processing = 'Processing...';
export const freeShippingQualifies = FREE_SHIPPING_QUALIFIES;
export const viewNewArrivals = 'View New Arrivals';

// ── Ours: the sandbox payment page and unconfirmed payments ──────────────
export const checkoutSessionNotFound = 'This checkout session does not exist.';

// ── SPEC §2: auth ─────────────────────────────────────────────────────────
export const switchToSignIn = 'Already have an account? Sign in';
export const switchToSignUp = "Don't have an account? Sign up";
export const redirecting = 'Redirecting...';

// ── SPEC §2: loyalty ──────────────────────────────────────────────────────
export const loyaltyRewards = 'Loyalty Rewards';
export const loyaltySignInPrompt = 'Sign in to view your loyalty points and rewards!';
export const availablePoints = 'Available Points';
export const availablePointsHint = 'Ready to use';
/** Ours: points an unpaid checkout holds are not ready to use until it is paid or ends. */
export const pointsHeldNote = (held: number) => `${formatCount(held)} more held by a checkout in progress`;
export const lifetimePoints = 'Lifetime Points';
export const lifetimePointsHint = 'Total earned';
export const earnPointsRate = `Earn ${POINTS_PER_DOLLAR} Points per $1 Spent`;

/** Ours: the sign-up page's benefits panel. SPEC §2 Auth: '100 points per $1, redeem points'. */
export const benefitEarnTitle = `${POINTS_PER_DOLLAR} points per $1`;
export const benefitEarnText = `Every dollar you spend earns ${POINTS_PER_DOLLAR} loyalty points.`;
export const benefitRedeemText = (rate: RedemptionRate = REDEMPTION_RATE) =>
  `Use ${formatCount(rate.points)} points for ${formatCents(rate.cents)} off your next order (${pointsBack(rate)}).`;

/** Ours: /loyalty's redemption line. */
export const redeemPointsRate = (rate: RedemptionRate = REDEMPTION_RATE) =>
  `Redeem ${redemptionRate(rate)} at checkout (${pointsBack(rate)})`;
export const recentActivity = 'Recent Activity';

export { itemCountLabel, freeShippingRemaining, redemptionRate, pointsBack };
