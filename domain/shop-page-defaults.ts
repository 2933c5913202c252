/**
 * The texts of the shop's policy pages until the owner writes their own (domain/shop-pages.ts):
 * sensible defaults that name the shop and its contact address and state its own rules
 * (shipping, returns, points), each built from its constant. Read by the server only, so no
 * page's JavaScript carries them.
 */
import { SHOP_CONTACT_EMAIL, SHOP_NAME } from './brand';
import { formatCentsCompact } from './money';
import { FREE_SHIPPING_THRESHOLD_CENTS, SHIPPING_DAYS, SHIPPING_FLAT_CENTS } from './shipping';
import { RETURN_WINDOW_DAYS, type ShopPageSlug } from './shop-pages';

const FREE_OVER = formatCentsCompact(FREE_SHIPPING_THRESHOLD_CENTS);
const FLAT = formatCentsCompact(SHIPPING_FLAT_CENTS);
const DAYS = `${SHIPPING_DAYS.min}-${SHIPPING_DAYS.max} business days`;

/** What the shop says until its owner writes their own (the admin's Pages tab). */
export const DEFAULT_SHOP_PAGE_BODIES: Record<ShopPageSlug, string> = {
  'privacy-policy': `${SHOP_NAME} is a small, student-run shop from Indiana. This policy says what we collect when you visit or buy from us, why, and what you can ask of us.

## What we collect
- When you order: your name, email address, shipping address and, if you give it, your phone number, with what you ordered.
- When you create an account: your name, email address and a password (stored only as a secure hash), your orders and your loyalty points.
- When you pay: your card is entered on our payment provider's page. We never see or store your card number.
- When you browse: a random visitor number kept in your browser for the session, the page you are on and your browser's name, so we can count visitors. Your cart and favorites stay in your browser until you sign in.

## Why we use it
To ship your order and tell you about it, to keep your account and points, to answer your questions, and to keep the shop safe from abuse. We do not sell or rent your information, and we do not send marketing email unless you ask for it.

## Who else sees it
Our payment provider (to take your payment), our email and hosting services (to run the shop) and the carrier that delivers your package. Each sees only what it needs.

## How long we keep it
Orders are kept as long as the law requires for our records. You can ask us to delete your account at any time.

## Your choices
Write to us at ${SHOP_CONTACT_EMAIL} to see, correct or delete what we hold about you. We answer every request.`,

  'terms-of-sale': `These terms apply to every order placed with ${SHOP_NAME}. By placing an order you agree to them.

## Prices and payment
Prices are in US dollars. The total you see before you pay (items, any discount, shipping and any sales tax) is the amount charged. Payment is taken by card through our payment provider when you place your order.

## Shipping
Shipping is free on orders over ${FREE_OVER}; otherwise it is a flat ${FLAT}. Orders typically arrive in ${DAYS}. We ship domestically and worldwide; duties or import taxes outside the US are paid by the recipient.

## Coupons and loyalty points
One coupon per order. Loyalty points are earned on paid orders and can be redeemed at checkout; points earned on an order that is cancelled or refunded are taken back.

## Cancellations
We can cancel an order that has not shipped yet; write to us as soon as possible. A cancelled order is refunded in full to the card it was paid with.

## Returns
See our Returns Policy: unworn items can be returned within ${RETURN_WINDOW_DAYS} days of delivery.

## Questions
Write to us at ${SHOP_CONTACT_EMAIL} with your order number. These terms are governed by the laws of the State of Indiana.`,

  'returns-policy': `Not the right fit? You can return unworn items with their tags to ${SHOP_NAME} within ${RETURN_WINDOW_DAYS} days of delivery for a full refund or an exchange.

## How to return
- Write to us at ${SHOP_CONTACT_EMAIL} with your order number and the items you are returning.
- We reply with the return address and what to put in the package.
- Send the items back unworn, unwashed and with their tags.

## Refunds
Once your return arrives, we refund the items to the card you paid with, usually within a few business days; your bank may take longer to show it. Loyalty points earned on returned items are taken back.

## Exchanges
Want another size or color? Say so in your message and we send the new item as soon as your return is on its way.

## Damaged or wrong items
If something arrives damaged or is not what you ordered, write to us within ${RETURN_WINDOW_DAYS} days with a photo and we make it right at our cost.`,
};
