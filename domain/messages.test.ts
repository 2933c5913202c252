import { couponAppliedDescription, SEED_DISCOUNT } from './discount';
import { describe, expect, it } from 'vitest';
import * as ADMIN_MESSAGES from './admin-messages';
import * as CART_MESSAGES from './cart-messages';
import * as MESSAGES from './messages';

/** Quoted verbatim from SPEC §2, §5 and §8. */
const SPEC_TEXTS = [
  // §8 error catalogue
  'Error',
  'Please enter a passcode',
  'Access Denied',
  'Invalid passcode. Please try again.',
  'Failed to verify passcode. Please try again.',
  'Access Granted',
  'Welcome to the admin panel!',
  'Please select a color',
  'Please select a size',
  'Failed to add item to cart',
  'Unavailable',
  'This product is currently out of stock.',
  'Failed to add item to cart. Please try again.',
  'Checkout Error',
  'There was an error processing your checkout. Please try again.',
  'Invalid Coupon',
  'Please check your coupon code and try again.',
  'Coupon Applied!',
  'Invalid Amount',
  'Please enter a donation amount of at least $1.',
  'Please enter a valid donation amount of at least $1.',
  'Donation Error',
  'Failed to process donation. Please try again.',
  'Failed to fetch products',
  'Failed to add product',
  'Failed to delete product',
  'Product added successfully',
  'Product updated successfully',
  'Product deleted successfully',
  'Please fill in all required fields',
  'Failed to fetch orders',
  'Failed to update order status',
  'Order status updated successfully',
  'Failed to fetch customers',
  'Failed to load loyalty information',
  'Please select an image file',
  'Image size must be less than 5MB',
  'Image uploaded successfully',
  'Sync Failed',
  'Failed to sync products to Stripe',
  'Sync Complete',
  'Admin session not found. Please re-authenticate.',
  'Account exists',
  'This email is already registered. Try signing in instead.',
  'Sign up failed',
  'Check your email',
  'We sent you a confirmation link to complete your registration.',
  'Invalid credentials',
  'Please check your email and password and try again.',
  'Sign in failed',
  'An unexpected error occurred. Please try again.',
  'Please fill in all required fields.',
  'Please enter your email and password.',
  'an unknown error has occurred.',
  // §2 screens
  'Oops! This page seems to have lost its way.',
  'Return to Home',
  'Admin Access',
  'Enter the admin passcode to access the management panel.',
  'Verifying...',
  'Wear Your Faith',
  "Discover meaningful apparel that speaks to your heart and shares God's love with the world",
  'Shop Collection',
  // '{product}.' and 'Gracefully {product}.': SPEC's placeholder for the brand word 'Chosen'
  'Chosen.',
  'Gracefully Chosen.',
  'Shipping typically takes 3-4 business days',
  'We ship domestically and worldwide',
  'Copy Code',
  'Maybe Later',
  'Coming Soon',
  'Browse All Products',
  "We're working on adding products to this collection. Check back soon!",
  'Just Dropped',
  'No New Arrivals Yet',
  'Check back soon for the latest faith-inspired designs!',
  'Join Our Community',
  'Loading...',
  'Add to Cart',
  'Adding...',
  'Out of Stock',
  'Shopping Cart',
  'Your cart is empty',
  'Continue Shopping',
  'Email (optional for order updates)',
  'Proceed to Checkout',
  'Processing...',
  'Free shipping on orders over $50. Your order qualifies!',
  'Payment Successful!',
  'Thank you for your order. Your payment has been processed successfully.',
  'Order reference',
  'View New Arrivals',
  'Already have an account? Sign in',
  "Don't have an account? Sign up",
  'Redirecting...',
  'Loyalty Rewards',
  'Sign in to view your loyalty points and rewards!',
  'Available Points',
  'Ready to use',
  'Lifetime Points',
  'Total earned',
  'Earn 100 Points per $1 Spent',
  'Admin Dashboard',
  'Back to Store',
  'No recent activity',
  'Are you sure you want to delete this product?',
  'No products found',
  'No orders found',
  'No customers found',
  'View Details',
  'View Profile',
  'N/A',
  'Online Now',
  'Total Visitors',
];

const textValues: string[] = [...Object.values(MESSAGES), ...Object.values(ADMIN_MESSAGES), ...Object.values(CART_MESSAGES)].flatMap((value) => (typeof value === 'string' ? [value] : []));

describe('MESSAGES', () => {
  it.each(SPEC_TEXTS)('contains the spec text %j', (text) => {
    expect(textValues).toContain(text);
  });

  it('spells sample keys exactly as the spec', () => {
    expect(MESSAGES.notFound).toBe('Oops! This page seems to have lost its way.');
    expect(ADMIN_MESSAGES.adminAccessTitle).toBe('Admin Access');
    expect(ADMIN_MESSAGES.adminAccessDescription).toBe('Enter the admin passcode to access the management panel.');
    expect(CART_MESSAGES.invalidCouponTitle).toBe('Invalid Coupon');
    expect(ADMIN_MESSAGES.productRequiredFields).toBe('Please fill in all required fields');
    expect(MESSAGES.signUpRequiredFields).toBe('Please fill in all required fields.');
    expect(CART_MESSAGES.cartEmpty).toBe('Your cart is empty');
  });

  it('fills the templates', () => {
    expect(MESSAGES.addedToCart('Simple Cross Tee')).toBe('Simple Cross Tee added to cart!');
    expect(MESSAGES.addedToCartDescription('Pink', 'M')).toBe('Color: Pink, Size: M');
    expect(couponAppliedDescription({ code: 'JESUS', kind: 'percent', value: SEED_DISCOUNT.value })).toBe('JESUS - 10% off your order');
    expect(ADMIN_MESSAGES.updateProductFailed('duplicate slug')).toBe('Failed to update product: duplicate slug');
    expect(ADMIN_MESSAGES.uploadFailed('too big')).toBe('Failed to upload image: too big');
    expect(ADMIN_MESSAGES.syncComplete(5, 0)).toBe('5 products synced successfully');
    expect(ADMIN_MESSAGES.syncComplete(5, 2)).toBe('5 products synced successfully, 2 failed');
    expect(MESSAGES.freeShippingRemaining('$10.01')).toBe('Add $10.01 more for free shipping');
    expect(MESSAGES.itemCountLabel(1)).toBe('1 item');
    expect(MESSAGES.itemCountLabel(0)).toBe('0 items');
    expect(MESSAGES.itemCountLabel(7)).toBe('7 items');
    expect(MESSAGES.itemCountLabelParenthesized(3)).toBe('3 item(s)');
    expect(ADMIN_MESSAGES.productsHeading(12)).toBe('Products (12)');
    expect(ADMIN_MESSAGES.ordersHeading(0)).toBe('Orders (0)');
    expect(ADMIN_MESSAGES.customersHeading(4)).toBe('Customers (4)');
    expect(ADMIN_MESSAGES.recentOrderLabel('WYF-000123', 'Ruth')).toBe('New order WYF-000123 - Ruth');
    expect(ADMIN_MESSAGES.recentOrderLabel('WYF-000124', null)).toBe('New order WYF-000124 - Customer');
    expect(ADMIN_MESSAGES.recentOrderLabel('WYF-000125', '  ')).toBe('New order WYF-000125 - Customer');
  });

  it('never shows the placeholder {product}: the brand word stands in its place', () => {
    for (const text of textValues) expect(text).not.toContain('{product}');
    expect(MESSAGES.navTShirts).toBe('Chosen.');
    expect(MESSAGES.navGracefullyChosen).toBe('Gracefully Chosen.');
    expect(MESSAGES.gracefullyChosen).toBe('Gracefully Chosen');
  });

  it('has no empty or untrimmed text', () => {
    for (const text of textValues) {
      expect(text).not.toBe('');
      expect(text).toBe(text.trim());
    }
  });
});
