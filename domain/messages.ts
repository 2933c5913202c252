/**
 * Messages: the single source of every user-visible text the spec fixes, so the browser,
 * the server and the tests say exactly the same words.
 * SPEC §8 (error catalogue), §5 (validation rules) and §2 (screen texts). Toast titles and
 * descriptions are separate keys (`...Title` / `...Description`); texts with a parameter
 * are functions. Keys marked "ours" are not in the spec.
 *
 * Every sentence about a rule (coupon, shipping cost and time, points, redemption, donation
 * limits) is built here from the rule's constant, never restated as a literal: change the
 * constant and every page, e-mail and payment page says the new value (a test guards this).
 * This module imports only those constant modules, which never import it back.
 */
import { CATEGORY_LABELS } from './categories';
import { COUPONS, formatPercent, isCouponCode, PROMO_COUPON } from './coupon';
import { DONATION_MAX_CENTS, DONATION_MIN_CENTS } from './donation-limits';
import { POINTS_PER_DOLLAR, pointsBackFraction, REDEMPTION_RATE, type RedemptionRate } from './loyalty';
import { formatCents, formatCentsCompact, type Cents } from './money';
import {
  FREE_SHIPPING_THRESHOLD_CENTS,
  qualifiesForFreeShipping,
  remainingForFreeShippingCents,
  SHIPPING_DAYS,
  SHIPPING_FLAT_CENTS,
} from './shipping';

const FREE_SHIPPING_OVER = formatCentsCompact(FREE_SHIPPING_THRESHOLD_CENTS);
const SHIPPING_DAY_RANGE = `${SHIPPING_DAYS.min}-${SHIPPING_DAYS.max} business days`;
const MIN_DONATION = formatCentsCompact(DONATION_MIN_CENTS);
const PROMO_PERCENT = formatPercent(COUPONS[PROMO_COUPON]);
const FREE_SHIPPING_QUALIFIES = `Free shipping on orders over ${FREE_SHIPPING_OVER}. Your order qualifies!`;
const freeShippingRemaining = (formattedAmount: string) => `Add ${formattedAmount} more for free shipping`;

/** A code's discount as the toast says it: 'JESUS - 10% off your order'. SPEC §8 */
function couponApplied(code: string): string {
  const fraction = isCouponCode(code) ? COUPONS[code] : 0;
  return `${code} - ${formatPercent(fraction)} off your order`;
}

/** '2,000 points = $1.00 off' for the shop's default rate, or for the configured one. */
function redemptionRate(rate: RedemptionRate = REDEMPTION_RATE): string {
  return `${rate.points.toLocaleString('en-US')} points = ${formatCents(rate.cents)} off`;
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

export const MESSAGES = {
  // ── SPEC §8 / §5: admin passcode ──────────────────────────────────────────
  errorTitle: 'Error',
  passcodeRequired: 'Please enter a passcode',
  accessDeniedTitle: 'Access Denied',
  passcodeInvalid: 'Invalid passcode. Please try again.',
  passcodeVerifyFailed: 'Failed to verify passcode. Please try again.',
  accessGrantedTitle: 'Access Granted',
  accessGrantedDescription: 'Welcome to the admin panel!',

  // ── SPEC §8 / §5: product card, add to cart ───────────────────────────────
  selectColor: 'Please select a color',
  selectSize: 'Please select a size',
  addToCartFailed: 'Failed to add item to cart',
  addedToCart: (title: string) => `${title} added to cart!`,
  addedToCartDescription: (color: string, size: string) => `Color: ${color}, Size: ${size}`,
  unavailableTitle: 'Unavailable',
  outOfStockDescription: 'This product is currently out of stock.',
  /** ours: the sandbox page's answer when an address field is missing or malformed (each field says which). */
  shippingAddressInvalid: 'Please check your shipping address.',
  hostedCheckoutFailed: 'Failed to add item to cart. Please try again.',

  // ── SPEC §8: cart checkout and coupon ────────────────────────────────────
  checkoutErrorTitle: 'Checkout Error',
  checkoutErrorDescription: 'There was an error processing your checkout. Please try again.',
  invalidCouponTitle: 'Invalid Coupon',
  invalidCouponDescription: 'Please check your coupon code and try again.',
  couponAppliedTitle: 'Coupon Applied!',
  couponApplied,

  // ── SPEC §8 / §5: donation ────────────────────────────────────────────────
  invalidAmountTitle: 'Invalid Amount',
  donationInvalidPreset: `Please enter a donation amount of at least ${MIN_DONATION}.`,
  donationInvalidCustom: `Please enter a valid donation amount of at least ${MIN_DONATION}.`,
  /** Ours: the spec sets no maximum; we cap a single gift. */
  donationTooLarge: `Donations are limited to ${formatCents(DONATION_MAX_CENTS)} per gift.`,
  donationErrorTitle: 'Donation Error',
  donationFailed: 'Failed to process donation. Please try again.',
  /** Ours: the donation's line on the payment page. */
  donationLineName: 'Donation to Wear Your Faith',

  // ── SPEC §8: admin products ───────────────────────────────────────────────
  fetchProductsFailed: 'Failed to fetch products',
  addProductFailed: 'Failed to add product',
  updateProductFailed: (message: string) => `Failed to update product: ${message}`,
  deleteProductFailed: 'Failed to delete product',
  productAdded: 'Product added successfully',
  productUpdated: 'Product updated successfully',
  productDeleted: 'Product deleted successfully',
  productRequiredFields: 'Please fill in all required fields',
  /** Ours: server-side limits of the product form beyond "required". */
  productPriceInvalid: 'Price must be a positive amount of at most $100,000.00',
  productOriginalPriceInvalid: 'Original price must be a positive amount',
  productCostInvalid: 'Cost must be zero or a positive amount',
  productSlugInvalid: 'Slug may contain only lower-case letters, digits and single dashes',
  productImageUrlInvalid: 'Image addresses must start with / or http(s)://',

  // ── SPEC §8: admin orders and customers ───────────────────────────────────
  fetchOrdersFailed: 'Failed to fetch orders',
  updateOrderStatusFailed: 'Failed to update order status',
  orderStatusUpdated: 'Order status updated successfully',
  fetchCustomersFailed: 'Failed to fetch customers',

  // ── SPEC §8: loyalty ──────────────────────────────────────────────────────
  loyaltyLoadFailed: 'Failed to load loyalty information',

  // ── SPEC §8 / §5: image upload ────────────────────────────────────────────
  imageTypeInvalid: 'Please select an image file',
  imageTooLarge: 'Image size must be less than 5MB',
  uploadFailed: (message: string) => `Failed to upload image: ${message}`,
  imageUploaded: 'Image uploaded successfully',

  // ── SPEC §8 / §6: payment provider sync ───────────────────────────────────
  syncFailedTitle: 'Sync Failed',
  syncFailedDefault: 'Failed to sync products to Stripe',
  syncCompleteTitle: 'Sync Complete',
  syncComplete: (synced: number, failed: number) =>
    `${synced} products synced successfully${failed > 0 ? `, ${failed} failed` : ''}`,
  adminSessionMissing: 'Admin session not found. Please re-authenticate.',

  // ── SPEC §8 / §5: authentication ──────────────────────────────────────────
  accountExistsTitle: 'Account exists',
  accountExistsDescription: 'This email is already registered. Try signing in instead.',
  signUpFailedTitle: 'Sign up failed',
  checkEmailTitle: 'Check your email',
  checkEmailDescription: 'We sent you a confirmation link to complete your registration.',
  invalidCredentialsTitle: 'Invalid credentials',
  invalidCredentialsDescription: 'Please check your email and password and try again.',
  signInFailedTitle: 'Sign in failed',
  unexpectedError: 'An unexpected error occurred. Please try again.',
  signUpRequiredFields: 'Please fill in all required fields.',
  signInRequiredFields: 'Please enter your email and password.',

  // ── SPEC §8: external shop library fallback ───────────────────────────────
  shopUnknownError: 'an unknown error has occurred.',

  // ── SPEC §2: 404 ──────────────────────────────────────────────────────────
  notFound: 'Oops! This page seems to have lost its way.',
  returnToHome: 'Return to Home',

  // ── SPEC §2: header, menu and admin passcode dialog ───────────────────────
  brandName: SHOP_NAME,
  navNewArrivals: 'New Arrivals',
  /** SPEC's '{product}.': the brand word (domain/brand.ts). */
  navTShirts: `${BRAND_WORD}.`,
  navStrengthInChrist: 'Strength in Christ',
  /** SPEC's 'Gracefully {product}.'. */
  navGracefullyChosen: `${BRAND_LINE}.`,
  adminButton: 'Admin',
  adminAccessTitle: 'Admin Access',
  adminAccessDescription: 'Enter the admin passcode to access the management panel.',
  cancel: 'Cancel',
  access: 'Access',
  verifying: 'Verifying...',

  // ── SPEC §2: home ─────────────────────────────────────────────────────────
  heroHeading: SHOP_NAME,
  heroText: "Discover meaningful apparel that speaks to your heart and shares God's love with the world",
  shopCollection: 'Shop Collection',
  featuredCollection: 'Featured Collection',
  ourCrossCollection: 'Our Cross Collection',
  ourMission: 'Our Mission',
  missionFaithCentered: 'Faith-Centered',
  missionPremiumQuality: 'Premium Quality',
  missionFastShipping: 'Fast Shipping',
  /** Ours: the Our Mission cards' texts that state a rule. */
  missionFastShippingText: `Orders ship quickly and typically arrive in ${SHIPPING_DAY_RANGE}.`,
  supportOurMission: 'Support Our Mission',
  donationOther: 'Other',
  demoProductName: 'Simple Cross Tee',
  crossCollectionProductName: 'Classic Cross Tee',

  // ── SPEC §2: footer and shipping info ─────────────────────────────────────
  quickLinks: 'Quick Links',
  footerAboutUs: 'About Us',
  footerOurStory: 'Our Story',
  footerSizeGuide: 'Size Guide',
  footerShippingInfo: 'Shipping Info',
  footerReturns: 'Returns',
  footerLocation: 'Indiana',
  shippingTime: `Shipping typically takes ${SHIPPING_DAY_RANGE}`,
  shippingDestinations: 'We ship domestically and worldwide',
  /** Ours: the shipping info dialog and the product page. */
  shippingCost: `Shipping is free on orders over ${FREE_SHIPPING_OVER}; otherwise it is a flat ${formatCentsCompact(SHIPPING_FLAT_CENTS)}.`,
  freeShippingOver: `Free shipping on orders over ${FREE_SHIPPING_OVER}.`,
  /** Ours: the shipping option's name on the hosted payment page. */
  standardShipping: `Standard shipping (${SHIPPING_DAY_RANGE})`,
  freeShipping: 'Free shipping',

  // ── SPEC §2: promo dialog ─────────────────────────────────────────────────
  promoCopyCode: 'Copy Code',
  promoMaybeLater: 'Maybe Later',
  /** SPEC §2: the code the dialog offers, and ours: its title and copied toast. */
  promoCode: PROMO_COUPON,
  /** Issue 13: JESUS works on every order, not only a first one. */
  promoTitle: `Get ${PROMO_PERCENT} off your order`,
  promoCodeCopiedTitle: 'Code copied!',

  // ── SPEC §2: collection pages ─────────────────────────────────────────────
  loading: 'Loading...',
  itemCountLabel,
  itemCountLabelParenthesized: (count: number) => `${count} item(s)`,
  comingSoon: 'Coming Soon',
  comingSoonDescription: "We're working on adding products to this collection. Check back soon!",
  browseAllProducts: 'Browse All Products',
  justDropped: 'Just Dropped',
  filterAll: 'All',
  filterAllItems: 'All Items',
  filterTShirts: CATEGORY_LABELS['t-shirts'],
  filterHoodies: CATEGORY_LABELS.hoodies,
  filterAccessories: CATEGORY_LABELS.accessories,
  filterCotton: 'Cotton',
  filterBlend: 'Blend',
  filterVintage: 'Vintage',
  filterFleece: 'Fleece',
  filterHeavyweight: 'Heavyweight',
  filterJewelry: 'Jewelry',
  filterBags: 'Bags',
  filterCaps: 'Caps',
  filterGifts: 'Gifts',
  gracefullyChosen: BRAND_LINE,
  noNewArrivals: 'No New Arrivals Yet',
  noNewArrivalsDescription: 'Check back soon for the latest faith-inspired designs!',
  joinOurCommunity: 'Join Our Community',
  /** Ours: the call to action's text. */
  communityInvite: `Create an account to earn ${POINTS_PER_DOLLAR} loyalty points for every dollar you spend and hear first about new designs.`,

  // ── SPEC §2 / §4: product card ────────────────────────────────────────────
  saleBadge: 'Sale',
  addToCart: 'Add to Cart',
  adding: 'Adding...',
  outOfStock: 'Out of Stock',

  // ── SPEC §2: cart ─────────────────────────────────────────────────────────
  shoppingCart: 'Shopping Cart',
  cartEmpty: 'Your cart is empty',
  continueShopping: 'Continue Shopping',
  each: 'each',
  couponPlaceholder: PROMO_COUPON,
  applyCoupon: 'Apply',
  removeCoupon: 'Remove',
  emailOptionalLabel: 'Email (optional for order updates)',
  proceedToCheckout: 'Proceed to Checkout',
  processing: 'Processing...',
  freeShippingQualifies: FREE_SHIPPING_QUALIFIES,
  freeShippingRemaining,
  /** The cart's free-shipping note for a subtotal. SPEC §2 Cart */
  freeShippingNote: (subtotalCents: Cents) =>
    qualifiesForFreeShipping(subtotalCents)
      ? FREE_SHIPPING_QUALIFIES
      : freeShippingRemaining(formatCents(remainingForFreeShippingCents(subtotalCents))),
  /** Ours: the cart's redemption control. */
  pointsBalanceNote: (balance: number, rate: RedemptionRate = REDEMPTION_RATE) =>
    `You have ${balance.toLocaleString('en-US')} points. ${redemptionRate(rate)}.`,

  // ── SPEC §2: payment success ──────────────────────────────────────────────
  paymentSuccessTitle: 'Payment Successful!',
  paymentSuccessDescription: 'Thank you for your order. Your payment has been processed successfully.',
  orderReference: 'Order reference',
  viewNewArrivals: 'View New Arrivals',

  // ── Ours: the sandbox payment page and unconfirmed payments ──────────────
  checkoutSessionNotFound: 'This checkout session does not exist.',
  checkoutSessionExpired: 'This checkout session has expired.',
  paymentNotConfirmedTitle: 'Payment not confirmed',
  paymentNotConfirmedDescription:
    'We could not confirm a payment for this checkout. If you paid, your confirmation e-mail will follow once the payment is confirmed. Your cart has been kept.',
  returnToCart: 'Return to Cart',
  donationThanksTitle: 'Thank you for your gift!',
  donationThanksDescription: (formattedAmount: string) =>
    `Your donation of ${formattedAmount} has been received and supports our mission.`,
  donationReference: 'Donation reference',

  // ── SPEC §2: auth ─────────────────────────────────────────────────────────
  switchToSignIn: 'Already have an account? Sign in',
  switchToSignUp: "Don't have an account? Sign up",
  redirecting: 'Redirecting...',

  // ── SPEC §2: loyalty ──────────────────────────────────────────────────────
  loyaltyRewards: 'Loyalty Rewards',
  loyaltySignInPrompt: 'Sign in to view your loyalty points and rewards!',
  availablePoints: 'Available Points',
  availablePointsHint: 'Ready to use',
  lifetimePoints: 'Lifetime Points',
  lifetimePointsHint: 'Total earned',
  earnPointsRate: `Earn ${POINTS_PER_DOLLAR} Points per $1 Spent`,
  /** Ours: the sign-up page's benefits panel. SPEC §2 Auth: '100 points per $1, redeem points'. */
  benefitEarnTitle: `${POINTS_PER_DOLLAR} points per $1`,
  benefitEarnText: `Every dollar you spend earns ${POINTS_PER_DOLLAR} loyalty points.`,
  benefitRedeemText: (rate: RedemptionRate = REDEMPTION_RATE) =>
    `Use ${rate.points.toLocaleString('en-US')} points for ${formatCents(rate.cents)} off your next order (${pointsBack(rate)}).`,
  /** Ours: /loyalty's redemption line. */
  redeemPointsRate: (rate: RedemptionRate = REDEMPTION_RATE) =>
    `Redeem ${redemptionRate(rate)} at checkout (${pointsBack(rate)})`,
  redemptionRate,
  pointsBack,
  recentActivity: 'Recent Activity',

  // ── SPEC §2: admin ────────────────────────────────────────────────────────
  adminDashboard: 'Admin Dashboard',
  backToStore: 'Back to Store',
  tabDashboard: 'Dashboard',
  tabProducts: 'Products',
  tabMargins: 'Margins',
  tabOrders: 'Orders',
  tabCustomers: 'Customers',
  statTotalProducts: 'Total Products',
  statTotalOrders: 'Total Orders',
  statRevenue: 'Revenue',
  statCustomers: 'Customers',
  statOnlineNow: 'Online Now',
  statTotalVisitors: 'Total Visitors',
  recentOrderLabel: (orderNumber: string, firstName: string | null | undefined) =>
    `New order ${orderNumber} - ${firstName?.trim() ? firstName.trim() : 'Customer'}`,
  noRecentActivity: 'No recent activity',
  addProduct: 'Add Product',
  editProduct: 'Edit Product',
  productsHeading: (count: number) => `Products (${count})`,
  deleteProductConfirm: 'Are you sure you want to delete this product?',
  noProducts: 'No products found',
  ordersHeading: (count: number) => `Orders (${count})`,
  viewDetails: 'View Details',
  noOrders: 'No orders found',
  customersHeading: (count: number) => `Customers (${count})`,
  notAvailable: 'N/A',
  viewProfile: 'View Profile',
  noCustomers: 'No customers found',
} as const;

export type MessageKey = keyof typeof MESSAGES;
