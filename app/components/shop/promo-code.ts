export const PROMO_SEEN_KEY = 'promoDialogSeen';
export const PROMO_DELAY_MS = 2000;
