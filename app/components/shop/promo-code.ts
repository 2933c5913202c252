export const PROMO_SEEN_KEY = 'promoDialogSeen';
export const PROMO_DELAY_MS = 2000;

/** The code the dialog offers, as GET /api/promo answers it (the owner's featured code). */
export interface Promo {
  code: string;
  /** What it does: '10% off your order', 'free shipping' (domain/discount.ts discountLabel). */
  label: string;
}
