/**
 * The admin's wire types: what the admin API answers, as the browser receives it (JSON:
 * dates are ISO strings). The server's queries are typed by these, so a column added to a
 * query shows here first; browser components never import from server/.
 */
import type { OrderStatus } from './order';

/** A product as the admin edits it (SPEC §5), cost included: admin only, never public. */
export interface AdminProduct {
  id: string;
  slug: string;
  name: string;
  description: string;
  priceCents: number;
  originalPriceCents: number | null;
  costCents: number | null;
  category: string;
  imageUrl: string | null;
  imageUrls: string[];
  colors: string[];
  sizes: string[];
  placement: string[];
  tags: string[];
  rating: number | null;
  isNewArrival: boolean;
  isFeatured: boolean;
  isActive: boolean;
  sortOrder: number;
  createdAt: string;
  updatedAt: string;
}

/** The dashboard cards and the recent orders list (SPEC §2). */
export interface DashboardStats {
  totalProducts: number;
  totalOrders: number;
  revenueCents: number;
  customers: number;
  onlineNow: number;
  totalVisitors: number;
  recentOrders: {
    id: string;
    orderNumber: string;
    status: OrderStatus;
    createdAt: string;
    firstName: string | null;
  }[];
}

/** One row of the Orders tab. */
export interface AdminOrderRow {
  id: string;
  orderNumber: string;
  status: OrderStatus;
  totalCents: number;
  createdAt: string;
  customerName: string | null;
  email: string | null;
}

export interface AdminOrderLine {
  id: string;
  name: string;
  color: string;
  size: string;
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number;
}

/** An order's View Details: lines, totals, coupon, points and payment reference. */
export interface AdminOrderDetail {
  id: string;
  orderNumber: string;
  status: OrderStatus;
  createdAt: string;
  paidAt: string | null;
  customerName: string | null;
  email: string | null;
  subtotalCents: number;
  discountCents: number;
  couponCode: string | null;
  pointsRedeemed: number;
  pointsDiscountCents: number;
  pointsEarned: number;
  shippingCents: number;
  totalCents: number;
  paymentProvider: string;
  paymentReference: string | null;
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
  orders: { id: string; orderNumber: string; status: OrderStatus; totalCents: number; createdAt: string }[];
}


/** Where a page of an admin list stands. */
export interface AdminPage {
  total: number;
  page: number;
  pageSize: number;
}
