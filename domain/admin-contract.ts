/**
 * The admin's wire types: what the admin API answers, as the browser receives it (JSON:
 * dates are ISO strings). The server's queries are typed by these, so a column added to a
 * query shows here first; browser components never import from server/.
 */
import type { OrderStatus } from './order';
import type { PaymentState } from './order-status';
import type { PublicProduct } from './storefront-product';
import type { OrderLineSummary, OrderTotalsSummary } from './order-summary';
import type { OrderLifecycle } from './order-lifecycle';
import type { ShippingAddress } from './shipping-address';
import type { ShopPageSlug } from './shop-pages';

/** A product as the admin edits it (SPEC §5): the public fields, and cost, placement, flags. */
export interface AdminProduct extends Omit<PublicProduct, 'images'> {
  costCents: number | null;
  imageUrl: string | null;
  imageUrls: string[];
  placement: string[];
  isFeatured: boolean;
  isActive: boolean;
  sortOrder: number;
  createdAt: string;
  updatedAt: string;
}

/** The dashboard cards and the recent orders list (SPEC §2). */
export interface DashboardStats {
  totalProducts: number;
  /** Paid orders (isPaidOrder, issue 32 item 1): an abandoned checkout is not counted. */
  totalOrders: number;
  /** Checkouts cancelled before any payment arrived, listed apart. */
  abandonedCheckouts: number;
  /** Orders still waiting for their payment (pending, or moved on unpaid). */
  awaitingPayment: number;
  /** Paid orders' SPEC totals, without sales tax (issue 25). */
  revenueCents: number;
  /** Sales tax collected on paid orders, less the tax refunded (issue 25). */
  taxCollectedCents: number;
  customers: number;
  onlineNow: number;
  totalVisitors: number;
  recentOrders: {
    id: string;
    orderNumber: string;
    status: OrderStatus;
    createdAt: string;
    firstName: string | null;
    payment: PaymentState;
  }[];
  /** Variants at or below the low-stock threshold (issue 11), sold out first. */
  lowStock: LowStockVariant[];
  /** E-mails given up after 24 hours of retries (issue 30): the Mail tab sends them again. */
  failedEmails: number;
}

/** A tracked variant at or below the low-stock threshold (domain/stock.ts). */
export interface LowStockVariant {
  productId: string;
  name: string;
  color: string;
  size: string;
  quantity: number;
}

/** One row of the Orders tab. */
export interface AdminOrderRow {
  id: string;
  orderNumber: string;
  status: OrderStatus;
  /** Paid, refunded or awaiting payment (domain/order-status.ts orderPaymentState). */
  payment: PaymentState;
  paidAt: string | null;
  /** SPEC §9's total, before tax; what the shopper paid is `amountChargedCents` of it and its tax. */
  totalCents: number;
  /** Sales tax charged (issue 25; 0 where none was). */
  taxCents: number;
  createdAt: string;
  customerName: string | null;
  email: string | null;
}

export interface AdminOrderLine extends OrderLineSummary {
  id: string;
}

/** An order's View Details: lines, totals, coupon, points, payment reference and shipping address. */
export interface AdminOrderDetail extends OrderTotalsSummary {
  id: string;
  orderNumber: string;
  status: OrderStatus;
  createdAt: string;
  paidAt: string | null;
  payment: PaymentState;
  customerName: string | null;
  email: string | null;
  pointsEarned: number;
  paymentProvider: string;
  paymentReference: string | null;
  /** Shipment, refunds and notes (issue 11; domain/order-lifecycle.ts). */
  lifecycle: OrderLifecycle;
  /** The shipping address collected with the payment; null when none was (issue 11). */
  shipping: ShippingAddress | null;
  lines: AdminOrderLine[];
}

/** One row of the Customers tab. */
export interface AdminCustomerRow {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  phone: string | null;
  createdAt: string;
}

/** A customer's View Profile: their orders and loyalty balance. */
export interface AdminCustomerProfile extends AdminCustomerRow {
  totalPoints: number;
  lifetimePoints: number;
  /** Each with its total before tax and its tax (the list shows `amountChargedCents` of them). */
  orders: {
    id: string;
    orderNumber: string;
    status: OrderStatus;
    totalCents: number;
    taxCents: number;
    createdAt: string;
  }[];
}

/** Where a page of an admin list stands. */
export interface AdminPage {
  total: number;
  page: number;
  pageSize: number;
}

/** A policy page in the admin's Pages tab (domain/shop-pages.ts; issue 32 item 11). */
export interface AdminShopPage {
  slug: ShopPageSlug;
  title: string;
  body: string;
  /** When the owner last saved it; null while the page shows its default text. */
  updatedAt: string | null;
  isDefault: boolean;
}

/** A row of the Tax tab (issue 25; domain/tax.ts). */
export interface AdminTaxRate {
  id: string;
  country: string;
  region: string;
  rateMilli: number;
  shippingTaxed: boolean;
  updatedAt: string;
}

/** The Tax tab: the table, and how Stripe Checkout collects tax (meaningful with a Stripe key). */
export interface AdminTaxSettings {
  rates: AdminTaxRate[];
  stripeTaxMode: 'rates' | 'automatic';
  /** True when payments go through Stripe (STRIPE_SECRET_KEY set). */
  usesStripe: boolean;
}

/** One month and place of the tax report (cents; server/tax/tax-report.ts). */
export interface AdminTaxReportRow {
  /** 'YYYY-MM'. */
  month: string;
  country: string;
  /** '' for a whole country. */
  region: string;
  place: string;
  orders: number;
  /** The lines' net amounts taxed (the taxable amount less the shipping in it). */
  taxableSalesCents: number;
  shippingTaxedCents: number;
  /** The taxable sales and shipping the month's refunds gave back (their share of the amount charged, as the tax refunded). */
  taxableRefundedCents: number;
  taxCollectedCents: number;
  taxRefundedCents: number;
  /** Collected less refunded: what is owed for the month. */
  netTaxCents: number;
}

export interface AdminTaxReport {
  rows: AdminTaxReportRow[];
  totals: Omit<AdminTaxReportRow, 'month' | 'country' | 'region' | 'place'>;
}

/** One message of the outbox as the admin's Mail tab shows it (issue 30 item 1). */
export interface AdminMailMessage {
  id: string;
  to: string;
  subject: string;
  status: 'queued' | 'sending' | 'failed';
  attempts: number;
  lastError: string | null;
  createdAt: string;
  /** When it is tried next (queued), null when failed. */
  nextAttemptAt: string | null;
}

/** The Mail tab: messages given up (with "Send again") and messages waiting for a retry. */
export interface AdminMail {
  failed: AdminMailMessage[];
  retrying: AdminMailMessage[];
  /** How many of each there are (the lists show at most MAIL_LIST_LIMIT). */
  failedCount: number;
  retryingCount: number;
}
