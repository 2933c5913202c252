/**
 * Discount codes (issue 26): the single source of what a code is, which state it is in, whether
 * it applies to a cart, and every sentence a person reads about it. The admin's Discounts tab,
 * the cart's Apply, the server's cart quote and the checkout all decide with these functions;
 * what a code takes off is computed by `priceOrder` (price-order.ts) from `discountTerms`.
 * SPEC §5: "Coupon: case-insensitive (upper-cased before lookup)"; §8: 'Invalid Coupon',
 * 'Coupon Applied!' / '{CODE} - 10% off your order' (generalised: '{CODE} - $5.00 off your
 * order', '{CODE} - free shipping'). Pure: no I/O; the usage counts come from the caller.
 */
import { CATEGORY_LABELS, type ProductCategory } from './categories';
import { isTypedYear } from './dates';
import { formatCents, formatCount, formatCountOf, type Cents } from './money';
import type { DiscountKind, DiscountTerms, PriceLine } from './price-order';

export type { DiscountKind, DiscountTerms } from './price-order';

/** The kinds a code can be, in the order the admin offers them. */
export const DISCOUNT_KINDS = ['percent', 'fixed', 'free-shipping'] as const satisfies readonly DiscountKind[];

export const DISCOUNT_KIND_LABELS: Record<DiscountKind, string> = {
  percent: 'Percentage off',
  fixed: 'Amount off',
  'free-shipping': 'Free shipping',
};

/** The shop's time zone: a code's start and end are entered and shown in it (issue 26). */
export const DISCOUNT_TIME_ZONE = 'America/Indiana/Indianapolis';

export { SEED_DISCOUNT } from './coupon';

export const DISCOUNT_DESCRIPTION_MAX_LENGTH = 200;
/** Largest fixed amount or minimum a code may name ($100,000). */
export const DISCOUNT_MAX_CENTS = 10_000_000;
/** Largest usage limit (total or per customer). */
export const DISCOUNT_MAX_USES = 1_000_000;

/** A stored code as the rules need it. */
export interface DiscountCode {
  code: string;
  description: string;
  kind: DiscountKind;
  /** percent: whole percent 1..100; fixed: cents; free-shipping: 0. */
  value: number;
  minSubtotalCents: Cents | null;
  startsAt: Date | null;
  endsAt: Date | null;
  usageLimit: number | null;
  perCustomerLimit: number | null;
  newCustomersOnly: boolean;
  /** Empty: all merchandise. */
  categories: readonly string[];
  /** False: paused by the owner ('off'). */
  isActive: boolean;
  /** Uses counted against the total limit: reserved by pending checkouts and kept by paid orders. */
  timesUsed: number;
}

export type DiscountState = 'active' | 'scheduled' | 'expired' | 'used-up' | 'off';

export const DISCOUNT_STATE_LABELS: Record<DiscountState, string> = {
  active: 'Active',
  scheduled: 'Scheduled',
  expired: 'Expired',
  'used-up': 'Used up',
  off: 'Off',
};

/** The state the Discounts tab shows; the first that holds of off, expired, used up, scheduled, active. */
export function discountState(
  code: Pick<DiscountCode, 'isActive' | 'startsAt' | 'endsAt' | 'usageLimit' | 'timesUsed'>,
  now: Date,
): DiscountState {
  if (!code.isActive) return 'off';
  if (code.endsAt && now.getTime() >= code.endsAt.getTime()) return 'expired';
  if (code.usageLimit !== null && code.timesUsed >= code.usageLimit) return 'used-up';
  if (code.startsAt && now.getTime() < code.startsAt.getTime()) return 'scheduled';
  return 'active';
}

/** What `priceOrder` needs of a code. */
export function discountTerms(code: Pick<DiscountCode, 'code' | 'kind' | 'value' | 'categories'>): DiscountTerms {
  return {
    code: code.code,
    kind: code.kind,
    value: code.kind === 'free-shipping' ? 0 : code.value,
    categories: code.categories.length > 0 ? [...code.categories] : null,
  };
}

// ── Dates in the shop's time zone ──────────────────────────────────────────

/** Made on first need: a page that never reads a code's dates never starts Intl for them (issue 15). */
function lazy<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

const zoneParts = lazy(
  () =>
    new Intl.DateTimeFormat('en-US', {
      timeZone: DISCOUNT_TIME_ZONE,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }),
);

function wallClock(instant: Date): {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
} {
  const parts = Object.fromEntries(
    zoneParts()
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** How far the shop's wall clock is ahead of UTC at `instant`, in ms (-5 h or -4 h in Indianapolis). */
function zoneOffsetMs(instant: Date): number {
  const clock = wallClock(instant);
  const asUtc = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

const LOCAL_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * A wall-clock time in the shop's zone, as a datetime-local field gives it ('2026-12-01T00:00'),
 * as an instant; null when it is not such a time. A time skipped by the spring change counts
 * as the instant an hour later's clock shows. Only years of TYPED_YEARS (domain/dates.ts).
 */
export function shopTimeToInstant(local: string): Date | null {
  const match = LOCAL_PATTERN.exec(local);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  if (!isTypedYear(year) || month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(asUtc);
  if (check.getUTCDate() !== day || check.getUTCMonth() !== month - 1) return null;
  // Two passes: the offset at the guessed instant, then at the corrected one (daylight-saving edges).
  const first = asUtc - zoneOffsetMs(new Date(asUtc));
  return new Date(asUtc - zoneOffsetMs(new Date(first)));
}

/** An instant as the shop's wall clock reads it, for a datetime-local field: '2026-12-01T00:00'. */
export function instantToShopTime(instant: Date): string {
  const c = wallClock(instant);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${c.year}-${pad(c.month)}-${pad(c.day)}T${pad(c.hour)}:${pad(c.minute)}`;
}

const shopDay = lazy(
  () => new Intl.DateTimeFormat('en-US', { timeZone: DISCOUNT_TIME_ZONE, month: 'short', day: 'numeric' }),
);
const shopDateTime = lazy(
  () =>
    new Intl.DateTimeFormat('en-US', {
      timeZone: DISCOUNT_TIME_ZONE,
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    }),
);

/** 'Dec 1' in the shop's zone. */
export function formatShopDay(instant: Date): string {
  return shopDay().format(instant);
}

/** 'Dec 1, 2026, 12:00 AM EST' in the shop's zone (the admin's list). */
export function formatShopDateTime(instant: Date): string {
  return shopDateTime().format(instant);
}

// ── The sentences ──────────────────────────────────────────────────────────

function categoryList(categories: readonly string[]): string {
  const names = categories.map((category) => CATEGORY_LABELS[category as ProductCategory] ?? category);
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** What a code does, as the cart's toast ends: '10% off your order', '$5.00 off hoodies', 'free shipping'. */
export function discountLabel(terms: Pick<DiscountTerms, 'kind' | 'value' | 'categories'>): string {
  if (terms.kind === 'free-shipping') return 'free shipping';
  const amount = terms.kind === 'percent' ? `${terms.value}%` : formatCents(terms.value);
  const what =
    terms.categories && terms.categories.length > 0 ? categoryList(terms.categories).toLowerCase() : 'your order';
  return `${amount} off ${what}`;
}

/** SPEC §8 'Coupon Applied!' description, generalised: 'JESUS - 10% off your order'. */
export function couponAppliedDescription(terms: DiscountTerms): string {
  return `${terms.code} - ${discountLabel(terms)}`;
}

/** Why a known code does not apply. */
export type DiscountRefusal =
  | 'off'
  | 'scheduled'
  | 'expired'
  | 'used-up'
  | 'categories'
  | 'minimum'
  | 'email-needed'
  | 'customer-limit'
  | 'first-order';

/** Every refusal's sentence, built from the code's own terms (issue 26 item 2). */
export const DISCOUNT_MESSAGES = {
  /** Title of a refusal toast (the reason is its description). */
  refusedTitle: 'Coupon Not Applied',
  off: 'This code is not active right now',
  scheduled: (startsAt: Date) => `This code starts on ${formatShopDay(startsAt)}`,
  expired: 'This code has expired',
  usedUp: 'This code has been fully used',
  categories: (categories: readonly string[]) => `This code is for ${categoryList(categories).toLowerCase()} only`,
  minimum: (minimumCents: Cents, missingCents: Cents) =>
    `Spend ${formatCents(minimumCents)} or more to use this code (add ${formatCents(missingCents)} more)`,
  emailNeeded: 'Enter your email to use this code',
  customerLimit: 'You have already used this code',
  firstOrder: 'This code is for first orders only',
  /** The cart's notice when a saved code stopped applying (its reason follows). */
  removedNotice: (code: string) => `${code} was removed from your total`,
} as const;

/**
 * The server's word on a code for a cart (the quote's `coupon`): applied with its terms and
 * the toast's description, refused with the reason, or unknown (SPEC §8 'Invalid Coupon').
 */
export type CouponVerdict =
  | { status: 'applied'; code: string; terms: DiscountTerms; description: string }
  | { status: 'refused'; code: string; reason: DiscountRefusal; message: string }
  | { status: 'unknown'; code: string };

/** The verdict of a check of a known code. */
export function couponVerdict(code: string, check: DiscountCheck): CouponVerdict {
  return check.ok
    ? { status: 'applied', code, terms: check.terms, description: couponAppliedDescription(check.terms) }
    : { status: 'refused', code, reason: check.reason, message: check.message };
}

/** What the checker needs to know of the shopper and the code's uses besides the code itself. */
export interface DiscountContext {
  now: Date;
  /** The lines (with their categories) the code would price. */
  lines: readonly PriceLine[];
  /** Whether an e-mail or account identifies the shopper (per-customer and first-order codes need one). */
  identified: boolean;
  /** Uses (reserved or kept) by this e-mail or account. */
  customerUses: number;
  /** Whether this e-mail or account has a paid order. */
  hasPaidOrder: boolean;
}

export type DiscountCheck =
  { ok: true; terms: DiscountTerms } | { ok: false; reason: DiscountRefusal; message: string };

function covers(code: Pick<DiscountCode, 'categories'>, line: PriceLine): boolean {
  return code.categories.length === 0 || (line.category != null && code.categories.includes(line.category));
}

/**
 * Whether `code` applies: its state first (off, expired, used up, scheduled), then the cart
 * (categories, minimum on the merchandise it covers), then the shopper (e-mail, their uses,
 * first order). Refusals carry the sentence the shopper reads.
 */
export function checkDiscount(code: DiscountCode, context: DiscountContext): DiscountCheck {
  const refuse = (reason: DiscountRefusal, message: string): DiscountCheck => ({ ok: false, reason, message });
  const state = discountState(code, context.now);
  if (state === 'off') return refuse('off', DISCOUNT_MESSAGES.off);
  if (state === 'expired') return refuse('expired', DISCOUNT_MESSAGES.expired);
  if (state === 'used-up') return refuse('used-up', DISCOUNT_MESSAGES.usedUp);
  if (state === 'scheduled') return refuse('scheduled', DISCOUNT_MESSAGES.scheduled(code.startsAt!));
  const eligibleCents = context.lines
    .filter((line) => covers(code, line))
    .reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  if (code.categories.length > 0 && eligibleCents === 0) {
    return refuse('categories', DISCOUNT_MESSAGES.categories(code.categories));
  }
  if (code.minSubtotalCents !== null && eligibleCents < code.minSubtotalCents) {
    return refuse('minimum', DISCOUNT_MESSAGES.minimum(code.minSubtotalCents, code.minSubtotalCents - eligibleCents));
  }
  if ((code.perCustomerLimit !== null || code.newCustomersOnly) && !context.identified) {
    return refuse('email-needed', DISCOUNT_MESSAGES.emailNeeded);
  }
  if (code.perCustomerLimit !== null && context.customerUses >= code.perCustomerLimit) {
    return refuse('customer-limit', DISCOUNT_MESSAGES.customerLimit);
  }
  if (code.newCustomersOnly && context.hasPaidOrder) return refuse('first-order', DISCOUNT_MESSAGES.firstOrder);
  return { ok: true, terms: discountTerms(code) };
}

/**
 * The e-mail a per-customer limit counts by: trimmed, lower case, without a '+tag', and for
 * Gmail without dots ('Grace.Shopper+fair@gmail.com' -> 'graceshopper@gmail.com').
 */
export function normalizeDiscountEmail(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at <= 0) return lower;
  let local = lower.slice(0, at);
  let domain = lower.slice(at + 1);
  local = local.split('+')[0] ?? local;
  if (domain === 'googlemail.com') domain = 'gmail.com';
  if (domain === 'gmail.com') local = local.replace(/\./g, '');
  return `${local}@${domain}`;
}

// ── The admin's list (public to the admin only) ────────────────────────────

/** What the admin sends to create or edit a code (dates as the shop's wall clock). */
export interface DiscountInput {
  code: string;
  description: string;
  kind: DiscountKind;
  value: number;
  minSubtotalCents: Cents | null;
  /** 'YYYY-MM-DDTHH:mm' in the shop's time zone, or null. */
  startsAt: string | null;
  endsAt: string | null;
  usageLimit: number | null;
  perCustomerLimit: number | null;
  newCustomersOnly: boolean;
  categories: ProductCategory[];
  isActive: boolean;
  isFeatured: boolean;
}

/** One code as the Discounts tab shows it (dates as ISO instants; the browser shows them in the shop's zone). */
export interface AdminDiscount extends Omit<DiscountInput, 'startsAt' | 'endsAt'> {
  id: string;
  startsAt: string | null;
  endsAt: string | null;
  state: DiscountState;
  /** Uses counted against the limit (pending checkouts and paid orders). */
  timesUsed: number;
  /** Of those, the ones held by checkouts not yet paid. */
  pendingUses: number;
  /** Paid orders that used it, the discount they got (shipping waived included) and what they brought in. */
  orders: number;
  discountGivenCents: Cents;
  revenueCents: Cents;
}

/** The conditions of a code in a line ('Min $30.00 · Dec 5–Dec 7 · 100 uses · 1 per customer'). */
export function describeConditions(
  code: Pick<
    AdminDiscount,
    'minSubtotalCents' | 'startsAt' | 'endsAt' | 'usageLimit' | 'perCustomerLimit' | 'newCustomersOnly' | 'categories'
  >,
): string {
  const parts: string[] = [];
  if (code.minSubtotalCents !== null) parts.push(`Min ${formatCents(code.minSubtotalCents)}`);
  if (code.startsAt) parts.push(`From ${formatShopDateTime(new Date(code.startsAt))}`);
  if (code.endsAt) parts.push(`Until ${formatShopDateTime(new Date(code.endsAt))}`);
  if (code.usageLimit !== null) parts.push(formatCountOf(code.usageLimit, 'use'));
  if (code.perCustomerLimit !== null) parts.push(`${formatCount(code.perCustomerLimit)} per customer`);
  if (code.newCustomersOnly) parts.push('First orders only');
  if (code.categories.length > 0) parts.push(categoryList(code.categories));
  return parts.length > 0 ? parts.join(' · ') : 'No conditions';
}

/** 'Percentage off 10%', 'Amount off $5.00', 'Free shipping'. */
export function describeValue(code: Pick<DiscountCode, 'kind' | 'value'>): string {
  if (code.kind === 'percent') return `${code.value}% off`;
  if (code.kind === 'fixed') return `${formatCents(code.value)} off`;
  return 'Free shipping';
}
