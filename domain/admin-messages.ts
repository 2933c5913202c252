/**
 * The admin's texts (SPEC §8 and §2 Admin): its dashboard, lists, product form and passcode
 * gate, and the answers of its API. A module of their own beside `messages.ts`, because a
 * module lives in one browser chunk: kept in messages.ts, every text the admin uses would ship
 * in the storefront's chunk. Imported as a namespace like messages.ts
 * (`import * as ADMIN_MESSAGES from '@domain/admin-messages'`; decision 003).
 */
import { formatCount } from './money';
import { SHOP_PAGE_MAX_LENGTH } from './shop-pages';

// ── SPEC §8 / §5: admin passcode and products ─────────────────────────────
export const passcodeRequired = 'Please enter a passcode';
export const accessDeniedTitle = 'Access Denied';
export const passcodeInvalid = 'Invalid passcode. Please try again.';
export const passcodeVerifyFailed = 'Failed to verify passcode. Please try again.';
export const accessGrantedTitle = 'Access Granted';
export const accessGrantedDescription = 'Welcome to the admin panel!';
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

// ── SPEC §8 / §5: image upload ────────────────────────────────────────────
export const imageTypeInvalid = 'Please select an image file';
export const imageTooLarge = 'Image size must be less than 5MB';
export const uploadFailed = (message: string) => `Failed to upload image: ${message}`;
export const imageUploaded = 'Image uploaded successfully';
/** Ours: an image of more pixels than the shop reads (a decompression bomb, or a huge scan). */
export const imageTooManyPixels = (maxMegapixels: number, width: number, height: number) =>
  `Images are at most ${formatCount(maxMegapixels)} megapixels; this one is ${formatCount(width)} × ${formatCount(height)} pixels`;
/** Ours: an image whose header reads but whose data does not (cut short, or damaged). */
export const imageDamaged = uploadFailed('the file is damaged or incomplete');

// ── SPEC §8 / §6: payment provider sync ───────────────────────────────────
export const syncFailedTitle = 'Sync Failed';
export const syncFailedDefault = 'Failed to sync products to Stripe';
export const syncCompleteTitle = 'Sync Complete';
export const syncComplete = (synced: number, failed: number) =>
  `${synced} products synced successfully${failed > 0 ? `, ${failed} failed` : ''}`;
export const adminSessionMissing = 'Admin session not found. Please re-authenticate.';
export const adminAccessTitle = 'Admin Access';
export const adminAccessDescription = 'Enter the admin passcode to access the management panel.';
export const cancel = 'Cancel';
export const access = 'Access';
export const verifying = 'Verifying...';

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

// ── Ours: the Pages tab (the policy pages' texts, domain/shop-pages.ts; issue 32) ──
export const pageBodyRequired = 'Write the page text before saving.';
export const pageBodyTooLong = `The page text is too long (at most ${formatCount(SHOP_PAGE_MAX_LENGTH)} characters).`;
export const pageNotFound = 'Page not found';
export const pageSaved = 'Page saved';
export const pageDefaultRestored = 'Default text restored';
export const pageSaveFailed = 'Failed to save the page';
export const fetchPagesFailed = 'Failed to fetch pages';
