/**
 * Asks the server for a donation's hosted payment page (POST /api/donations, amount in
 * cents). Resolves with its URL or rejects with an ApiError carrying the server's message.
 */
import * as MESSAGES from '@domain/messages';
import { ApiError, postJson } from './json-api';

export async function startDonation(amountCents: number): Promise<{ url: string }> {
  const fallbackMessage = MESSAGES.donationFailed;
  const answer = await postJson<{ url?: unknown }>('/api/donations', { amountCents }, { fallbackMessage });
  if (typeof answer.url !== 'string') throw new ApiError(fallbackMessage, 200, 'invalid-response');
  return { url: answer.url };
}
