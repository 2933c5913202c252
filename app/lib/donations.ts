/**
 * Asks the server for a donation's hosted payment page (POST /api/donations, amount in
 * cents). Resolves with its URL or rejects with an Error carrying the server's message.
 */
import { MESSAGES } from '@domain/messages';

export async function startDonation(amountCents: number): Promise<{ url: string }> {
  let response: Response;
  try {
    response = await fetch('/api/donations', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ amountCents }),
    });
  } catch {
    throw new Error(MESSAGES.donationFailed);
  }
  const payload = (await response.json().catch(() => null)) as { url?: unknown; error?: unknown } | null;
  if (!response.ok || typeof payload?.url !== 'string') {
    throw new Error(typeof payload?.error === 'string' && payload.error ? payload.error : MESSAGES.donationFailed);
  }
  return { url: payload.url };
}
