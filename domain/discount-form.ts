/**
 * The admin's discount code form (issue 26 "Bad input"): every field checked on the server
 * with a message naming it. Its own module because it uses zod, which the storefront's
 * JavaScript leaves out (domain/discount.ts is imported by the cart).
 */
import { z } from 'zod';
import { PRODUCT_CATEGORIES } from './categories';
import { COUPON_CODE_MAX_LENGTH, isCouponCodeShape, normalizeCouponCode } from './coupon';
import {
  DISCOUNT_DESCRIPTION_MAX_LENGTH,
  DISCOUNT_KINDS,
  DISCOUNT_MAX_CENTS,
  DISCOUNT_MAX_USES,
  shopTimeToInstant,
  type DiscountInput,
  type DiscountKind,
} from './discount';
import { formatCents, formatCount } from './money';
import { TYPED_YEARS_TEXT } from './dates';

export type { DiscountInput };

/** A code's values as stored (dates resolved to instants, code normalised). */
export type DiscountValues = Omit<DiscountInput, 'startsAt' | 'endsAt'> & {
  startsAt: Date | null;
  endsAt: Date | null;
};

/** The field names as the admin's form labels them (each error names one). */
export const DISCOUNT_FIELD_LABELS = {
  code: 'Code',
  description: 'Description',
  kind: 'Kind',
  value: 'Value',
  minSubtotalCents: 'Minimum subtotal',
  startsAt: 'Starts at',
  endsAt: 'Ends at',
  usageLimit: 'Total uses',
  perCustomerLimit: 'Uses per customer',
  newCustomersOnly: 'New customers only',
  categories: 'Categories',
  isActive: 'Active',
  isFeatured: 'Featured',
} as const satisfies Record<keyof DiscountInput, string>;

export type DiscountField = keyof typeof DISCOUNT_FIELD_LABELS;

export const DISCOUNT_ERRORS = {
  code: `Code: use 1 to ${COUPON_CODE_MAX_LENGTH} letters, digits and dashes`,
  duplicate: (code: string) => `Code: ${code} already exists (codes are the same in any case)`,
  description: `Description: at most ${DISCOUNT_DESCRIPTION_MAX_LENGTH} characters`,
  kind: 'Kind: choose percentage off, amount off or free shipping',
  percent: 'Percentage: a whole number from 1 to 100',
  fixed: `Amount off: from $0.01 to ${formatCents(DISCOUNT_MAX_CENTS)}`,
  minimum: `Minimum subtotal: from $0.00 to ${formatCents(DISCOUNT_MAX_CENTS)}`,
  date: (field: 'startsAt' | 'endsAt') => `${DISCOUNT_FIELD_LABELS[field]}: enter a date and time ${TYPED_YEARS_TEXT}`,
  endBeforeStart: 'Ends at: must be after Starts at',
  usageLimit: `Total uses: a whole number from 1 to ${formatCount(DISCOUNT_MAX_USES)}`,
  usageBelowUses: (uses: number) => `Total uses: cannot be below the ${uses} uses already made`,
  perCustomerLimit: `Uses per customer: a whole number from 1 to ${formatCount(DISCOUNT_MAX_USES)}`,
  categories: `Categories: choose from ${PRODUCT_CATEGORIES.join(', ')}`,
  notFound: 'This discount code no longer exists',
  flag: (field: 'newCustomersOnly' | 'isActive' | 'isFeatured') => `${DISCOUNT_FIELD_LABELS[field]}: yes or no`,
} as const;

const optionalNumber = z
  .number()
  .nullish()
  .transform((value) => value ?? null);
const optionalText = z
  .string()
  .nullish()
  .transform((value) => (value?.trim() ? value.trim() : null));

const RawDiscountSchema = z.object({
  code: z.string(),
  description: z
    .string()
    .nullish()
    .transform((value) => value?.trim() ?? ''),
  kind: z.string(),
  value: optionalNumber,
  minSubtotalCents: optionalNumber,
  startsAt: optionalText,
  endsAt: optionalText,
  usageLimit: optionalNumber,
  perCustomerLimit: optionalNumber,
  newCustomersOnly: z.boolean().optional().default(false),
  categories: z
    .array(z.string())
    .max(PRODUCT_CATEGORIES.length * 2)
    .optional()
    .default([]),
  isActive: z.boolean().optional().default(true),
  isFeatured: z.boolean().optional().default(false),
});

export type DiscountValidation =
  { ok: true; values: DiscountValues } | { ok: false; field: DiscountField; message: string };

const isWhole = (value: number | null, min: number, max: number) =>
  value !== null && Number.isSafeInteger(value) && value >= min && value <= max;

/**
 * Checks a code's fields as the admin sent them; the first problem is named with its field.
 * `timesUsed`: the uses the code already has (an edit may not set the total limit below them).
 */
export function validateDiscountInput(raw: unknown, options: { timesUsed?: number } = {}): DiscountValidation {
  const fail = (field: DiscountField, message: string): DiscountValidation => ({ ok: false, field, message });
  const parsed = RawDiscountSchema.safeParse(raw);
  if (!parsed.success) {
    const field = String(parsed.error.issues[0]?.path[0] ?? 'code') as DiscountField;
    if (field === 'newCustomersOnly' || field === 'isActive' || field === 'isFeatured')
      return fail(field, DISCOUNT_ERRORS.flag(field));
    if (field === 'categories') return fail(field, DISCOUNT_ERRORS.categories);
    if (field === 'kind') return fail(field, DISCOUNT_ERRORS.kind);
    if (field === 'value') return fail(field, DISCOUNT_ERRORS.percent);
    if (field === 'minSubtotalCents') return fail(field, DISCOUNT_ERRORS.minimum);
    if (field === 'usageLimit') return fail(field, DISCOUNT_ERRORS.usageLimit);
    if (field === 'perCustomerLimit') return fail(field, DISCOUNT_ERRORS.perCustomerLimit);
    if (field === 'startsAt' || field === 'endsAt') return fail(field, DISCOUNT_ERRORS.date(field));
    if (field === 'description') return fail(field, DISCOUNT_ERRORS.description);
    return fail('code', DISCOUNT_ERRORS.code);
  }
  const input = parsed.data;
  const code = normalizeCouponCode(input.code);
  if (!isCouponCodeShape(code)) {
    return fail('code', DISCOUNT_ERRORS.code);
  }
  if (input.description.length > DISCOUNT_DESCRIPTION_MAX_LENGTH)
    return fail('description', DISCOUNT_ERRORS.description);
  if (!(DISCOUNT_KINDS as readonly string[]).includes(input.kind)) return fail('kind', DISCOUNT_ERRORS.kind);
  const kind = input.kind as DiscountKind;
  let value = 0;
  if (kind === 'percent') {
    if (!isWhole(input.value, 1, 100)) return fail('value', DISCOUNT_ERRORS.percent);
    value = input.value!;
  } else if (kind === 'fixed') {
    if (!isWhole(input.value, 1, DISCOUNT_MAX_CENTS)) return fail('value', DISCOUNT_ERRORS.fixed);
    value = input.value!;
  }
  if (input.minSubtotalCents !== null && !isWhole(input.minSubtotalCents, 0, DISCOUNT_MAX_CENTS)) {
    return fail('minSubtotalCents', DISCOUNT_ERRORS.minimum);
  }
  const startsAt = input.startsAt === null ? null : shopTimeToInstant(input.startsAt);
  if (input.startsAt !== null && !startsAt) return fail('startsAt', DISCOUNT_ERRORS.date('startsAt'));
  const endsAt = input.endsAt === null ? null : shopTimeToInstant(input.endsAt);
  if (input.endsAt !== null && !endsAt) return fail('endsAt', DISCOUNT_ERRORS.date('endsAt'));
  if (startsAt && endsAt && endsAt.getTime() <= startsAt.getTime())
    return fail('endsAt', DISCOUNT_ERRORS.endBeforeStart);
  if (input.usageLimit !== null && !isWhole(input.usageLimit, 1, DISCOUNT_MAX_USES)) {
    return fail('usageLimit', DISCOUNT_ERRORS.usageLimit);
  }
  const timesUsed = options.timesUsed ?? 0;
  if (input.usageLimit !== null && input.usageLimit < timesUsed) {
    return fail('usageLimit', DISCOUNT_ERRORS.usageBelowUses(timesUsed));
  }
  if (input.perCustomerLimit !== null && !isWhole(input.perCustomerLimit, 1, DISCOUNT_MAX_USES)) {
    return fail('perCustomerLimit', DISCOUNT_ERRORS.perCustomerLimit);
  }
  const categories = [...new Set(input.categories)];
  if (categories.some((category) => !(PRODUCT_CATEGORIES as readonly string[]).includes(category))) {
    return fail('categories', DISCOUNT_ERRORS.categories);
  }
  return {
    ok: true,
    values: {
      code,
      description: input.description,
      kind,
      value,
      minSubtotalCents: input.minSubtotalCents,
      startsAt,
      endsAt,
      usageLimit: input.usageLimit,
      perCustomerLimit: input.perCustomerLimit,
      newCustomersOnly: input.newCustomersOnly,
      categories: PRODUCT_CATEGORIES.filter((category) => categories.includes(category)),
      isActive: input.isActive,
      isFeatured: input.isFeatured,
    },
  };
}
