export const PROMO_SEEN_KEY = 'promoDialogSeen';
export const PROMO_DELAY_MS = 2000;
/** SPEC §2 Promo dialog: code JESUS for 10% off. */
export const PROMO_CODE = 'JESUS';
