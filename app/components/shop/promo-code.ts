export const PROMO_SEEN_KEY = 'promoDialogSeen';
export const PROMO_DELAY_MS = 2000;

/** The code the dialog offers, as GET /api/promo answers it (the owner's featured code). */
export interface Promo {
  code: string;
  /** What it does: '10% off your order', 'free shipping' (domain/discount.ts discountLabel). */
  label: string;
}

/** The featured code, or null when there is none (or it cannot be read): the dialog then stays closed. */
export async function fetchPromo(): Promise<Promo | null> {
  try {
    const response = await fetch('/api/promo', { headers: { accept: 'application/json' } });
    if (!response.ok) return null;
    const body = (await response.json()) as { promo?: Promo | null };
    return body.promo && typeof body.promo.code === 'string' && typeof body.promo.label === 'string'
      ? body.promo
      : null;
  } catch (error) {
    console.warn('Promo unavailable', error);
    return null;
  }
}
