/**
 * Messages: the single source of every user-visible text the spec fixes, so the browser,
 * the server and the tests say exactly the same words.
 * SPEC §8 (error catalogue), §5 (validation rules) and §2 (screen texts). Toast titles and
 * descriptions are separate keys (`...Title` / `...Description`); texts with a parameter
 * are functions. Keys marked "ours" are not in the spec.
 *
 * Each text is its own export, imported as a namespace (`import * as MESSAGES from
 * '@domain/messages'`): the bundler keeps only the texts a page uses, so the admin's and the
 * e-mails' sentences never ship with the storefront (issue 15: JavaScript weight).
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

// ── SPEC §8 / §5: admin passcode ──────────────────────────────────────────
export const errorTitle = 'Error';
export const passcodeRequired = 'Please enter a passcode';
export const accessDeniedTitle = 'Access Denied';
export const passcodeInvalid = 'Invalid passcode. Please try again.';
export const passcodeVerifyFailed = 'Failed to verify passcode. Please try again.';
export const accessGrantedTitle = 'Access Granted';
export const accessGrantedDescription = 'Welcome to the admin panel!';

// ── SPEC §8 / §5: product card, add to cart ───────────────────────────────
export const selectColor = 'Please select a color';
export const selectSize = 'Please select a size';
export const addToCartFailed = 'Failed to add item to cart';
export const addedToCart = (title: string) => `${title} added to cart!`;
export const addedToCartDescription = (color: string, size: string) => `Color: ${color}, Size: ${size}`;
export const unavailableTitle = 'Unavailable';
export const outOfStockDescription = 'This product is currently out of stock.';

/** ours: the sandbox page's answer when an address field is missing or malformed (each field says which). */
export const shippingAddressInvalid = 'Please check your shipping address.';
export const hostedCheckoutFailed = 'Failed to add item to cart. Please try again.';

// ── SPEC §8: cart checkout and coupon ────────────────────────────────────
export const checkoutErrorTitle = 'Checkout Error';
export const checkoutErrorDescription = 'There was an error processing your checkout. Please try again.';
export const invalidCouponTitle = 'Invalid Coupon';
export const invalidCouponDescription = 'Please check your coupon code and try again.';
export const couponAppliedTitle = 'Coupon Applied!';

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

// ── SPEC §8: admin products ───────────────────────────────────────────────
export const fetchProductsFailed = 'Failed to fetch products';
export const addProductFailed = 'Failed to add product';
export const updateProductFailed = (message: string) => `Failed to update product: ${message}`;
export const deleteProductFailed = 'Failed to delete product';
export const productAdded = 'Product added successfully';
export const productUpdated = 'Product updated successfully';
export const productDeleted = 'Product deleted successfully';
export const productRequiredFields = 'Please fill in all required fields';

/** Ours: server-side limits of the product form beyond "required". */
export const productPriceInvalid = 'Price must be a positive amount of at most $100,000.00';
export const productOriginalPriceInvalid = 'Original price must be a positive amount';
export const productCostInvalid = 'Cost must be zero or a positive amount';
export const productSlugInvalid = 'Slug may contain only lower-case letters, digits and single dashes';
export const productImageUrlInvalid = 'Image addresses must start with / or http(s)://';

// ── SPEC §8: admin orders and customers ───────────────────────────────────
export const fetchOrdersFailed = 'Failed to fetch orders';
export const updateOrderStatusFailed = 'Failed to update order status';
export const orderStatusUpdated = 'Order status updated successfully';
export const fetchCustomersFailed = 'Failed to fetch customers';

// ── SPEC §8: loyalty ──────────────────────────────────────────────────────
export const loyaltyLoadFailed = 'Failed to load loyalty information';

// ── SPEC §8 / §5: image upload ────────────────────────────────────────────
export const imageTypeInvalid = 'Please select an image file';
export const imageTooLarge = 'Image size must be less than 5MB';
export const uploadFailed = (message: string) => `Failed to upload image: ${message}`;
export const imageUploaded = 'Image uploaded successfully';

// ── SPEC §8 / §6: payment provider sync ───────────────────────────────────
export const syncFailedTitle = 'Sync Failed';
export const syncFailedDefault = 'Failed to sync products to Stripe';
export const syncCompleteTitle = 'Sync Complete';
export const syncComplete = (synced: number, failed: number) =>
  `${synced} products synced successfully${failed > 0 ? `, ${failed} failed` : ''}`;
export const adminSessionMissing = 'Admin session not found. Please re-authenticate.';

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
export const adminAccessTitle = 'Admin Access';
export const adminAccessDescription = 'Enter the admin passcode to access the management panel.';
export const cancel = 'Cancel';
export const access = 'Access';
export const verifying = 'Verifying...';

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

/** SPEC §2: the code the dialog offers, and ours: its title and copied toast. */
export const promoCode = PROMO_COUPON;

/** Issue 13: JESUS works on every order, not only a first one. */
export const promoTitle = `Get ${PROMO_PERCENT} off your order`;
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

// ── SPEC §2: cart ─────────────────────────────────────────────────────────
export const shoppingCart = 'Shopping Cart';
export const cartEmpty = 'Your cart is empty';
export const continueShopping = 'Continue Shopping';
export const each = 'each';
export const couponPlaceholder = PROMO_COUPON;
export const applyCoupon = 'Apply';
export const removeCoupon = 'Remove';
export const emailOptionalLabel = 'Email (optional for order updates)';
export const proceedToCheckout = 'Proceed to Checkout';
export const processing = 'Processing...';
export const freeShippingQualifies = FREE_SHIPPING_QUALIFIES;

/** The cart's free-shipping note for a subtotal. SPEC §2 Cart */
export const freeShippingNote = (subtotalCents: Cents) =>
  qualifiesForFreeShipping(subtotalCents)
    ? FREE_SHIPPING_QUALIFIES
    : freeShippingRemaining(formatCents(remainingForFreeShippingCents(subtotalCents)));

/** Ours: the cart's redemption control. */
export const pointsBalanceNote = (balance: number, rate: RedemptionRate = REDEMPTION_RATE) =>
  `You have ${balance.toLocaleString('en-US')} points. ${redemptionRate(rate)}.`;

// ── SPEC §2: payment success ──────────────────────────────────────────────
export const paymentSuccessTitle = 'Payment Successful!';
export const paymentSuccessDescription = 'Thank you for your order. Your payment has been processed successfully.';
export const orderReference = 'Order reference';
export const viewNewArrivals = 'View New Arrivals';

// ── Ours: the sandbox payment page and unconfirmed payments ──────────────
export const checkoutSessionNotFound = 'This checkout session does not exist.';
export const checkoutSessionExpired = 'This checkout session has expired.';
export const paymentNotConfirmedTitle = 'Payment not confirmed';
export const paymentNotConfirmedDescription =
  'We could not confirm a payment for this checkout. If you paid, your confirmation e-mail will follow once the payment is confirmed. Your cart has been kept.';
export const returnToCart = 'Return to Cart';
export const donationThanksTitle = 'Thank you for your gift!';
export const donationThanksDescription = (formattedAmount: string) =>
  `Your donation of ${formattedAmount} has been received and supports our mission.`;
export const donationReference = 'Donation reference';

// ── SPEC §2: auth ─────────────────────────────────────────────────────────
export const switchToSignIn = 'Already have an account? Sign in';
export const switchToSignUp = "Don't have an account? Sign up";
export const redirecting = 'Redirecting...';

// ── SPEC §2: loyalty ──────────────────────────────────────────────────────
export const loyaltyRewards = 'Loyalty Rewards';
export const loyaltySignInPrompt = 'Sign in to view your loyalty points and rewards!';
export const availablePoints = 'Available Points';
export const availablePointsHint = 'Ready to use';
export const lifetimePoints = 'Lifetime Points';
export const lifetimePointsHint = 'Total earned';
export const earnPointsRate = `Earn ${POINTS_PER_DOLLAR} Points per $1 Spent`;

/** Ours: the sign-up page's benefits panel. SPEC §2 Auth: '100 points per $1, redeem points'. */
export const benefitEarnTitle = `${POINTS_PER_DOLLAR} points per $1`;
export const benefitEarnText = `Every dollar you spend earns ${POINTS_PER_DOLLAR} loyalty points.`;
export const benefitRedeemText = (rate: RedemptionRate = REDEMPTION_RATE) =>
  `Use ${rate.points.toLocaleString('en-US')} points for ${formatCents(rate.cents)} off your next order (${pointsBack(rate)}).`;

/** Ours: /loyalty's redemption line. */
export const redeemPointsRate = (rate: RedemptionRate = REDEMPTION_RATE) =>
  `Redeem ${redemptionRate(rate)} at checkout (${pointsBack(rate)})`;
export const recentActivity = 'Recent Activity';

// ── SPEC §2: admin ────────────────────────────────────────────────────────
export const adminDashboard = 'Admin Dashboard';
export const backToStore = 'Back to Store';
export const tabDashboard = 'Dashboard';
export const tabProducts = 'Products';
export const tabMargins = 'Margins';
export const tabOrders = 'Orders';
export const tabCustomers = 'Customers';
export const statTotalProducts = 'Total Products';
export const statTotalOrders = 'Total Orders';
export const statRevenue = 'Revenue';
export const statCustomers = 'Customers';
export const statOnlineNow = 'Online Now';
export const statTotalVisitors = 'Total Visitors';
export const recentOrderLabel = (orderNumber: string, firstName: string | null | undefined) =>
  `New order ${orderNumber} - ${firstName?.trim() ? firstName.trim() : 'Customer'}`;
export const noRecentActivity = 'No recent activity';
export const addProduct = 'Add Product';
export const editProduct = 'Edit Product';
export const productsHeading = (count: number) => `Products (${count})`;
export const deleteProductConfirm = 'Are you sure you want to delete this product?';
export const noProducts = 'No products found';
export const ordersHeading = (count: number) => `Orders (${count})`;
export const viewDetails = 'View Details';
export const noOrders = 'No orders found';
export const customersHeading = (count: number) => `Customers (${count})`;
export const notAvailable = 'N/A';
export const viewProfile = 'View Profile';
export const noCustomers = 'No customers found';

export { couponApplied, itemCountLabel, freeShippingRemaining, redemptionRate, pointsBack };
