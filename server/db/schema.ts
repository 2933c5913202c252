/**
 * The whole product's schema (SPEC §3). Money is integer cents everywhere.
 * Both databases (PGlite and PostgreSQL) run the same generated migrations from this file.
 */
import { sql } from 'drizzle-orm';
import { ORDER_STATUSES } from '../../domain/order-status';
import { SHOP_PAGE_MAX_LENGTH } from '../../domain/shop-pages';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { emailKeySql } from './email-key-sql';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/* ------------------------------------------------------------------ catalogue */

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    priceCents: integer('price_cents').notNull(),
    originalPriceCents: integer('original_price_cents'),
    costCents: integer('cost_cents'),
    category: text('category').notNull(),
    imageUrl: text('image_url'),
    imageUrls: text('image_urls')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    colors: text('colors')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    sizes: text('sizes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    placement: text('placement')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Filter facets beyond the category (cotton, fleece, jewelry ...): the pages' filter rows. */
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    rating: real('rating'),
    isNewArrival: boolean('is_new_arrival').notNull().default(false),
    isFeatured: boolean('is_featured').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('products_slug_unique').on(t.slug),
    index('products_active_created_idx').on(t.isActive, t.createdAt.desc().nullsFirst()),
    index('products_category_idx').on(t.category),
    index('products_placement_gin').using('gin', t.placement),
    index('products_new_arrival_idx')
      .on(t.createdAt.desc().nullsFirst())
      .where(sql`${t.isNewArrival} and ${t.isActive}`),
    // Shop search (server/catalog/search-products.ts): full-text over name, category, tags,
    // colours and description, and trigrams over the short fields for typos ('hodie').
    // Both functions are created by the same migration (immutable SQL functions).
    index('products_search_idx').using(
      'gin',
      sql`products_search_document(${t.name}, ${t.description}, ${t.category}, ${t.colors}, ${t.tags})`,
    ),
    index('products_search_trgm_idx').using(
      'gin',
      sql`products_search_text(${t.name}, ${t.category}, ${t.colors}, ${t.tags}) gin_trgm_ops`,
    ),
    check('products_category_check', sql`${t.category} in ('t-shirts', 'hoodies', 'accessories')`),
    check('products_price_check', sql`${t.priceCents} > 0`),
    check('products_original_price_check', sql`${t.originalPriceCents} is null or ${t.originalPriceCents} > 0`),
    check('products_cost_check', sql`${t.costCents} is null or ${t.costCents} >= 0`),
  ],
);

/**
 * Stock per variant (colour x size) of an own product. A variant without a row is not
 * tracked (unlimited). The count never goes below zero: reservations are conditional
 * updates (`quantity >= n`) and the check holds the line (server/stock).
 */
export const productStock = pgTable(
  'product_stock',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    color: text('color').notNull(),
    size: text('size').notNull(),
    quantity: integer('quantity').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.color, t.size] }),
    index('product_stock_low_idx').on(t.quantity),
    check('product_stock_quantity_check', sql`${t.quantity} >= 0`),
  ],
);

/** Products a signed-in shopper saved with the heart (guests keep theirs in the browser). */
export const favorites = pgTable(
  'favorites',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    index('favorites_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    index('favorites_product_idx').on(t.productId),
  ],
);

/** Uploaded or generated images, with their WebP variants (widths). */
export const productImages = pgTable(
  'product_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    /** Public URL of the largest variant; smaller ones are listed in `variants`. */
    url: text('url').notNull(),
    storageKey: text('storage_key').notNull(),
    color: text('color'),
    alt: text('alt').notNull().default(''),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    variants: jsonb('variants').$type<{ width: number; url: string }[]>().notNull().default([]),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('product_images_product_idx').on(t.productId, t.position),
    uniqueIndex('product_images_url_unique').on(t.url),
  ],
);

/** Payment-provider catalogue ids per product variant (admin Stripe sync). */
export const productPaymentSync = pgTable(
  'product_payment_sync',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    variantKey: text('variant_key').notNull(),
    providerProductId: text('provider_product_id').notNull(),
    providerPriceId: text('provider_price_id').notNull(),
    unitAmountCents: integer('unit_amount_cents').notNull(),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('product_payment_sync_variant_unique').on(t.productId, t.provider, t.variantKey)],
);

/* ------------------------------------------------------------------ accounts (Better Auth) */

export const user = pgTable('user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  /** Better Auth's two-factor plugin: set once the TOTP set-up is confirmed with a code. */
  twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
  },
  (t) => [index('session_user_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_user_idx').on(t.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

/** Better Auth's database rate-limit storage (shared by every app process). */
/** Better Auth's limiter; rows idle past its longest window are pruned on insert (migration 0003). */
export const rateLimit = pgTable(
  'rate_limit',
  {
    id: text('id').primaryKey(),
    key: text('key').notNull().unique(),
    count: integer('count').notNull(),
    lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
  },
  (t) => [index('rate_limit_last_request_idx').on(t.lastRequest)],
);

/* ------------------------------------------------------------------ customers and orders */

export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    firstName: text('first_name'),
    lastName: text('last_name'),
    /** Always stored lower-cased: orders and points are matched by it. */
    email: text('email').notNull(),
    phone: text('phone'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('customers_email_unique').on(t.email),
    uniqueIndex('customers_user_unique').on(t.userId),
    index('customers_created_idx').on(t.createdAt.desc().nullsFirst()),
  ],
);

export const orderNumberSeq = pgSequence('order_number_seq', { startWith: 1001 });

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderNumber: text('order_number')
      .notNull()
      .default(sql`'WYF-' || lpad(nextval('order_number_seq')::text, 6, '0')`),
    status: text('status').notNull().default('pending'),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    email: text('email'),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    couponCode: text('coupon_code'),
    /** The delivery charge a free-shipping code waived (already out of shipping_cents): for the code's report. */
    shippingDiscountCents: integer('shipping_discount_cents').notNull().default(0),
    pointsRedeemed: integer('points_redeemed').notNull().default(0),
    pointsDiscountCents: integer('points_discount_cents').notNull().default(0),
    shippingCents: integer('shipping_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    pointsEarned: integer('points_earned').notNull().default(0),
    currency: text('currency').notNull().default('usd'),
    paymentProvider: text('payment_provider').notNull(),
    paymentSessionId: text('payment_session_id'),
    /** Provider's payment reference (Stripe payment_intent, sandbox charge id). */
    paymentReference: text('payment_reference'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Set with 'shipped' (issue 11 item 4): carrier (domain/order-lifecycle CARRIER_OPTIONS) and number. */
    shippingCarrier: text('shipping_carrier'),
    trackingNumber: text('tracking_number'),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** Money given back, as the provider reports it (our refunds and its dashboard's): never decreases. */
    refundedCents: integer('refunded_cents').notNull().default(0),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** Shipping address, stored by the payment completion (sandbox page or Stripe session). */
    shippingName: text('shipping_name'),
    shippingLine1: text('shipping_line1'),
    shippingLine2: text('shipping_line2'),
    shippingCity: text('shipping_city'),
    shippingRegion: text('shipping_region'),
    shippingPostalCode: text('shipping_postal_code'),
    /** ISO 3166-1 alpha-2 (domain/shipping-address.ts SHIPPING_COUNTRIES). */
    shippingCountry: text('shipping_country'),
    shippingPhone: text('shipping_phone'),
    /**
     * Sales tax (issue 25), fixed when the order is paid: the amount charged is `totalCents`
     * (SPEC §9's total) plus `taxCents`. The place is the shipping address's (country, and the
     * state or region code); the rate is the tax table's for it (null when Stripe Tax decided).
     */
    taxCents: integer('tax_cents').notNull().default(0),
    /** The part of `taxCents` that is the delivery charge's. */
    shippingTaxCents: integer('shipping_tax_cents').notNull().default(0),
    /** What the tax was computed on: the lines' net amounts plus shipping where it is taxed. */
    taxableCents: integer('taxable_cents').notNull().default(0),
    /** The shipping inside `taxableCents` (0 where shipping is not taxed): the report's "shipping taxed". */
    taxedShippingCents: integer('taxed_shipping_cents').notNull().default(0),
    taxRateMilli: integer('tax_rate_milli'),
    taxCountry: text('tax_country'),
    taxRegion: text('tax_region'),
    /** The tax part of `refundedCents` (domain/tax.ts refundedTaxCents): never decreases. */
    refundedTaxCents: integer('refunded_tax_cents').notNull().default(0),
    /**
     * Where the order's units are (server/stock): 'none' (older orders, nothing taken),
     * 'reserved' (pending), 'committed' (paid), 'released' (given back). Every move is a
     * conditional update of this column, so a unit is returned at most once.
     */
    stockState: text('stock_state').notNull().default('none'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_order_number_unique').on(t.orderNumber),
    uniqueIndex('orders_payment_session_unique').on(t.paymentSessionId),
    index('orders_created_idx').on(t.createdAt.desc().nullsFirst()),
    index('orders_status_created_idx').on(t.status, t.createdAt.desc().nullsFirst()),
    index('orders_email_idx').on(t.email),
    // First-order codes look a shopper up by normalised e-mail (email-key-sql.ts).
    index('orders_email_key_idx').on(emailKeySql(t.email)),
    index('orders_customer_created_idx').on(t.customerId, t.createdAt.desc().nullsFirst()),
    index('orders_paid_at_idx')
      .on(t.paidAt)
      .where(sql`${t.paidAt} is not null`),
    check(
      'orders_status_check',
      sql`${t.status} in (${sql.raw(ORDER_STATUSES.map((status) => `'${status}'`).join(', '))})`,
    ),
    check('orders_amounts_check', sql`${t.subtotalCents} >= 0 and ${t.totalCents} >= 0`),
    check('orders_refunded_check', sql`${t.refundedCents} >= 0`),
    index('orders_payment_reference_idx').on(t.paymentReference),
    check('orders_stock_state_check', sql`${t.stockState} in ('none', 'reserved', 'committed', 'released')`),
    check(
      'orders_tax_check',
      sql`${t.taxCents} >= 0 and ${t.shippingTaxCents} between 0 and ${t.taxCents} and ${t.refundedTaxCents} between 0 and ${t.taxCents}`,
    ),
    // The tax report and the dashboard's "Tax collected" read only taxed paid orders.
    index('orders_taxed_paid_idx').on(t.paidAt).where(sql`${t.taxCents} > 0 and ${t.paidAt} is not null`),
  ],
);

/**
 * Refunds the shop asks its payment provider for (server/orders/refund-order.ts). The row is
 * the claim: at most one live (pending or succeeded) refund per order, so double clicks,
 * concurrent cancels and a late payment's automatic refund ask the provider once; the
 * idempotency key sent to the provider is derived from the row. A failed row frees the claim.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** 'cancellation' (the admin cancelled a paid order) or 'late-payment' (paid after it was cancelled). */
    reason: text('reason').notNull(),
    status: text('status').notNull().default('pending'),
    amountCents: integer('amount_cents').notNull(),
    paymentReference: text('payment_reference').notNull(),
    providerRefundId: text('provider_refund_id'),
    failureMessage: text('failure_message'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('refunds_live_order_unique')
      .on(t.orderId)
      .where(sql`${t.status} <> 'failed'`),
    uniqueIndex('refunds_provider_refund_unique').on(t.providerRefundId),
    check('refunds_status_check', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
    check('refunds_reason_check', sql`${t.reason} in ('cancellation', 'late-payment')`),
    check('refunds_amount_check', sql`${t.amountCents} >= 0`),
  ],
);

/** Notes on an order the admin reads in its details (a late payment refunded, points not taken back). */
export const orderNotes = pgTable(
  'order_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** One note per kind and order, so a replay writes it once. */
    kind: text('kind').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('order_notes_order_kind_unique').on(t.orderId, t.kind)],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    /** Snapshots taken when the order is placed. */
    name: text('name').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    color: text('color').notNull(),
    size: text('size').notNull(),
    quantity: integer('quantity').notNull(),
    lineTotalCents: integer('line_total_cents').notNull(),
    imageUrl: text('image_url'),
    position: integer('position').notNull().default(0),
    /** Units this line took from a tracked variant's stock (0: the variant was not tracked). */
    reservedQuantity: integer('reserved_quantity').notNull().default(0),
    /**
     * What the line sells for: its total less its share of the code's discount and the points
     * (priceOrder's `netCents`, fixed at checkout; null on orders older than issue 25). The
     * tax of the shipping address is computed on it when the order is paid.
     */
    netCents: integer('net_cents'),
    /** The line's share of the order's tax (so a refund of the line returns its own tax). */
    taxCents: integer('tax_cents').notNull().default(0),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId, t.position),
    check('order_lines_quantity_check', sql`${t.quantity} between 1 and 99`),
  ],
);

export const donations = pgTable(
  'donations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status').notNull().default('pending'),
    email: text('email'),
    paymentProvider: text('payment_provider').notNull(),
    paymentSessionId: text('payment_session_id'),
    paymentReference: text('payment_reference'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('donations_payment_session_unique').on(t.paymentSessionId),
    index('donations_created_idx').on(t.createdAt.desc().nullsFirst()),
    check('donations_status_check', sql`${t.status} in ('pending', 'paid', 'cancelled')`),
    check('donations_amount_check', sql`${t.amountCents} between 100 and 1000000`),
  ],
);

/** Hosted payment sessions (Stripe Checkout or the built-in sandbox). */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: text('id').primaryKey(),
    provider: text('provider').notNull(),
    purpose: text('purpose').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    donationId: uuid('donation_id').references(() => donations.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    status: text('status').notNull().default('open'),
    amountTotalCents: integer('amount_total_cents').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('checkout_sessions_status_expires_idx').on(t.status, t.expiresAt),
    index('checkout_sessions_order_idx').on(t.orderId),
    check('checkout_sessions_status_check', sql`${t.status} in ('open', 'complete', 'expired')`),
    check('checkout_sessions_purpose_check', sql`${t.purpose} in ('order', 'donation')`),
  ],
);

/** Every payment event processed, so a replay changes nothing (unique event id). */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  sessionId: text('session_id'),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/* ------------------------------------------------------------------ discount codes */

/**
 * The owner's discount codes (issue 26, domain/discount.ts). `code` is stored upper case and is
 * unique whatever the case; a deleted code that orders used is retired (`retired_at`), never
 * erased, so their records keep it. `times_used` counts the uses held by pending checkouts and
 * kept by paid orders: it changes only with a redemption row, under this row's lock
 * (server/discounts/redemptions.ts), so the total limit holds under any rush.
 */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    description: text('description').notNull().default(''),
    kind: text('kind').notNull(),
    /** percent: whole percent 1..100; fixed: cents; free-shipping: 0. */
    value: integer('value').notNull().default(0),
    minSubtotalCents: integer('min_subtotal_cents'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    usageLimit: integer('usage_limit'),
    perCustomerLimit: integer('per_customer_limit'),
    newCustomersOnly: boolean('new_customers_only').notNull().default(false),
    categories: text('categories').array().notNull().default(sql`'{}'::text[]`),
    isActive: boolean('is_active').notNull().default(true),
    /** The code the promo dialog offers (at most one). */
    isFeatured: boolean('is_featured').notNull().default(false),
    timesUsed: integer('times_used').notNull().default(0),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('discount_codes_code_unique').on(sql`upper(${t.code})`).where(sql`${t.retiredAt} is null`),
    uniqueIndex('discount_codes_featured_unique').on(t.isFeatured).where(sql`${t.isFeatured} and ${t.retiredAt} is null`),
    check('discount_codes_kind_check', sql`${t.kind} in ('percent', 'fixed', 'free-shipping')`),
    check(
      'discount_codes_value_check',
      sql`(${t.kind} = 'percent' and ${t.value} between 1 and 100) or (${t.kind} = 'fixed' and ${t.value} > 0) or (${t.kind} = 'free-shipping' and ${t.value} = 0)`,
    ),
    check('discount_codes_code_check', sql`${t.code} = upper(${t.code}) and ${t.code} ~ '^[A-Z0-9-]+$'`),
    check('discount_codes_min_check', sql`${t.minSubtotalCents} is null or ${t.minSubtotalCents} >= 0`),
    check('discount_codes_dates_check', sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`),
    check('discount_codes_limits_check', sql`(${t.usageLimit} is null or ${t.usageLimit} >= 1) and (${t.perCustomerLimit} is null or ${t.perCustomerLimit} >= 1)`),
    // The limit is never passed: a reservation that would pass it fails here even if code forgot to check.
    check('discount_codes_times_used_check', sql`${t.timesUsed} >= 0 and (${t.usageLimit} is null or ${t.timesUsed} <= ${t.usageLimit} or ${t.retiredAt} is not null)`),
  ],
);

/**
 * One use of a code by one order: 'reserved' with the pending order (same transaction),
 * 'used' when it is paid, 'released' when it expires or is cancelled. One row per order; the
 * per-customer limit counts live rows by normalised e-mail and by account.
 */
export const discountRedemptions = pgTable(
  'discount_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    discountId: uuid('discount_id')
      .notNull()
      .references(() => discountCodes.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** domain/discount.ts normalizeDiscountEmail; null for a guest without an e-mail. */
    emailKey: text('email_key'),
    userId: text('user_id'),
    state: text('state').notNull().default('reserved'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('discount_redemptions_order_unique').on(t.orderId),
    index('discount_redemptions_code_email_idx').on(t.discountId, t.emailKey),
    index('discount_redemptions_code_user_idx').on(t.discountId, t.userId),
    check('discount_redemptions_state_check', sql`${t.state} in ('reserved', 'used', 'released')`),
  ],
);

/* ------------------------------------------------------------------ loyalty */

export const loyaltyLedger = pgTable(
  'loyalty_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerEmail: text('customer_email').notNull(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    type: text('type').notNull(),
    /** Signed: earned and positive adjustments are > 0, redemptions < 0. */
    points: integer('points').notNull(),
    description: text('description').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('loyalty_ledger_email_created_idx').on(t.customerEmail, t.createdAt.desc().nullsFirst()),
    uniqueIndex('loyalty_ledger_order_type_unique')
      .on(t.orderId, t.type)
      .where(sql`${t.orderId} is not null`),
    check('loyalty_ledger_type_check', sql`${t.type} in ('earned', 'redeemed', 'adjusted')`),
  ],
);

/* ------------------------------------------------------------------ operations */

/** Mail queued inside business transactions, delivered after commit (SMTP or .eml outbox). */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Makes queueing idempotent: one confirmation per order, etc. */
    dedupeKey: text('dedupe_key'),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** When a deliverer claimed the row (status 'sending'); a stale claim is retried. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** A queued row is not tried before this (exponential back-off after a failure, decision 029). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Retries are counted from here (queueing, or the admin's "Send again"); failed after RETRY_FOR_MS. */
    retrySince: timestamp('retry_since', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('email_outbox_dedupe_unique').on(t.dedupeKey),
    index('email_outbox_status_idx').on(t.status, t.createdAt),
    index('email_outbox_due_idx').on(t.status, t.nextAttemptAt),
  ],
);

export const visitorSessions = pgTable(
  'visitor_sessions',
  {
    sessionId: text('session_id').primaryKey(),
    /** SPEC §3: always null; the shop never stores visitor addresses. */
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    pageUrl: text('page_url'),
    isActive: boolean('is_active').notNull().default(true),
    lastSeen: timestamp('last_seen', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index('visitor_sessions_active_seen_idx').on(t.isActive, t.lastSeen)],
);

export const adminSessions = pgTable(
  'admin_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** SHA-256 of the token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    /**
     * The staff member the session belongs to; null for a passcode session ("Owner (passcode)").
     * Removing the member removes their sessions with them (on every process: each request
     * reads the session and the member's role from the database).
     */
    staffMemberId: uuid('staff_member_id').references(() => staffMembers.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('admin_sessions_token_hash_unique').on(t.tokenHash),
    index('admin_sessions_expires_idx').on(t.expiresAt),
    index('admin_sessions_staff_member_idx').on(t.staffMemberId),
  ],
);

/** Fixed-window counters shared by every app process (admin passcode, visitor beacons). */
/** The shop's fixed-window counters (server/http/rate-limit.ts); expired rows are pruned on insert. */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_window_idx').on(t.windowEndsAt)],
);

/**
 * The owner's texts of the shop's policy pages (domain/shop-pages.ts: privacy policy, terms of
 * sale, returns policy), one row per page they have written; a page without a row shows its
 * default text (domain/shop-page-defaults.ts).
 */
export const shopPages = pgTable(
  'shop_pages',
  {
    slug: text('slug').primaryKey(),
    body: text('body').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'shop_pages_body_length_check',
      sql`char_length(${t.body}) between 1 and ${sql.raw(String(SHOP_PAGE_MAX_LENGTH))}`,
    ),
  ],
);

/**
 * Where the shop collects sales tax (issue 25, domain/tax.ts): one row per place, a whole
 * country when `region` is ''. The unique place key makes two admins adding the same place
 * end with one row. `stripeTaxRateId` is the Stripe Tax Rate made for this row's rate
 * (`stripeRateMilli`); a changed rate gets a new one (Stripe's percentages cannot change).
 */
export const taxRates = pgTable(
  'tax_rates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    country: text('country').notNull(),
    region: text('region').notNull().default(''),
    rateMilli: integer('rate_milli').notNull(),
    shippingTaxed: boolean('shipping_taxed').notNull(),
    stripeTaxRateId: text('stripe_tax_rate_id'),
    stripeRateMilli: integer('stripe_rate_milli'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('tax_rates_place_unique').on(t.country, t.region),
    check('tax_rates_rate_check', sql`${t.rateMilli} between 0 and 20000`),
    check('tax_rates_country_check', sql`${t.country} ~ '^[A-Z]{2}$'`),
    check('tax_rates_region_check', sql`${t.region} ~ '^[A-Z0-9]{0,3}$'`),
  ],
);

/** Small persistent settings: the admin passcode hash, the demo-seed marker. */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: updatedAt(),
});

/**
 * Running totals the admin dashboard reads instead of counting 100,000s of rows: kept by
 * database triggers on orders and customers (migration admin-counter-triggers), so every
 * writer, whatever its code path, keeps them right. Keys: 'orders:<status>',
 * 'paid_revenue:<status>' (cents of orders with paid_at set), 'customers'.
 */
export const adminCounters = pgTable('admin_counters', {
  key: text('key').primaryKey(),
  value: bigint('value', { mode: 'number' }).notNull().default(0),
});

/* ------------------------------------------------------------------ backups */

/**
 * The backups this database made (server/backup/, decision 028): the admin's Backups panel
 * lists them and the dashboard warns from the newest. A scheduled backup first claims its
 * slot (`scheduled:<start of the period>`, unique), so two processes never make the same
 * period's backup twice; manual ones carry no slot. This table is left out of the archives
 * themselves: it describes files where the backed-up shop kept them, not shop data.
 */
export const backupRuns = pgTable(
  'backup_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slot: text('slot'),
    kind: text('kind', { enum: ['scheduled', 'manual', 'before-restore'] }).notNull(),
    status: text('status', { enum: ['running', 'done', 'failed'] })
      .notNull()
      .default('running'),
    /** host:pid of the process making it (a claim whose process died is taken over). */
    claimedBy: text('claimed_by').notNull(),
    /** The archive's file name (also its key under BACKUP_S3_PREFIX in the bucket). */
    name: text('name'),
    location: text('location', { enum: ['local', 's3'] }),
    bytes: bigint('bytes', { mode: 'number' }),
    /** Rows per table, as in the archive's manifest. */
    counts: jsonb('counts').$type<Record<string, number>>(),
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Set when BACKUP_KEEP pruned the archive (or it was found gone). */
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('backup_runs_slot_unique').on(t.slot),
    index('backup_runs_finished_idx').on(t.status, t.finishedAt),
  ],
);

/* ------------------------------------------------------------------ staff (issue 27) */

/** Better Auth's two-factor plugin table (TOTP secret and recovery codes, both encrypted). */
export const twoFactor = pgTable(
  'two_factor',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [index('two_factor_secret_idx').on(t.secret), index('two_factor_user_id_idx').on(t.userId)],
);

/**
 * TOTP codes already accepted, per account (server/staff/two-factor-replay.ts): a code is
 * valid for about a minute, and one that was used once is refused for the rest of that time.
 */
export const twoFactorUsedCodes = pgTable(
  'two_factor_used_codes',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

/** Named staff: one Better Auth account each, with one fixed role (domain/staff-roles.ts). */
export const staffMembers = pgTable(
  'staff_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: ['owner', 'manager', 'fulfillment'] }).notNull(),
    invitedBy: text('invited_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('staff_members_user_unique').on(t.userId),
    uniqueIndex('staff_members_email_unique').on(t.email),
    check('staff_members_role_check', sql`${t.role} in ('owner', 'manager', 'fulfillment')`),
  ],
);

/**
 * Invites by e-mail: only the SHA-256 of the link's token is kept; a link is valid for
 * INVITE_TTL_HOURS and is used once (a conditional update sets used_at).
 */
export const staffInvites = pgTable(
  'staff_invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    email: text('email').notNull(),
    role: text('role', { enum: ['owner', 'manager', 'fulfillment'] }).notNull(),
    invitedBy: text('invited_by').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('staff_invites_token_hash_unique').on(t.tokenHash),
    index('staff_invites_email_idx').on(t.email),
    check('staff_invites_role_check', sql`${t.role} in ('owner', 'manager', 'fulfillment')`),
  ],
);

/**
 * The audit log: one row per admin change, written in the transaction of the change (and per
 * passcode or staff sign-in). Append-only: a trigger refuses every UPDATE and DELETE.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Staff e-mail, or "Owner (passcode)". */
    actor: text('actor').notNull(),
    actorRole: text('actor_role').notNull(),
    staffMemberId: uuid('staff_member_id'),
    /** 'order.shipped', 'product.updated', 'staff.invited', 'sign-in.passcode.failed', ... */
    action: text('action').notNull(),
    /** Order number, product name, code, staff e-mail. */
    target: text('target'),
    /** The sentence the Activity tab shows. */
    summary: text('summary').notNull(),
    changes: jsonb('changes').$type<{ field: string; from: string | null; to: string | null }[]>().notNull().default([]),
    reason: text('reason'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at, t.id),
    index('audit_log_actor_idx').on(t.actor, t.at),
    index('audit_log_action_idx').on(t.action, t.at),
  ],
);

/**
 * /healthz writes here (decision 029): one row per process kind, upserted on every probe, so a
 * database that refuses writes (read-only, disk full) answers 503 rather than 200.
 */
export const healthProbe = pgTable('health_probe', {
  id: text('id').primaryKey(),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
});
