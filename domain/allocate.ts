/**
 * Splitting an amount of cents over parts in proportion to their weights, so that the shares
 * are whole cents and add up to the amount exactly (the largest-remainder method). The single
 * source of how an order's discount, points and tax are shared out over its lines, so that a
 * refund of a line gives back exactly its own share.
 */
import type { Cents } from './money';

/**
 * Shares of `amount` over `weights`, proportional, in whole cents, summing to `amount` exactly.
 * Each part first gets the floor of its exact share; the cents left go one each to the parts
 * with the largest remainders (ties: the earlier part). All weights 0 (or none): every share
 * is 0 except that a non-zero amount goes to the first part, so nothing is lost.
 * Throws a RangeError for a negative or non-integer amount or weight.
 */
export function allocateCents(amount: Cents, weights: readonly number[]): Cents[] {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`Amount must be non-negative integer cents: ${amount}`);
  for (const weight of weights) {
    if (!Number.isSafeInteger(weight) || weight < 0) throw new RangeError(`Weight must be a non-negative integer: ${weight}`);
  }
  if (weights.length === 0) {
    if (amount !== 0) throw new RangeError('Cannot allocate a non-zero amount over no parts');
    return [];
  }
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (total === 0) return weights.map((_, index) => (index === 0 ? amount : 0));
  // BigInt keeps amount * weight exact however large the order.
  const bigAmount = BigInt(amount);
  const bigTotal = BigInt(total);
  const shares = weights.map((weight) => {
    const exact = bigAmount * BigInt(weight);
    return { floor: Number(exact / bigTotal), remainder: exact % bigTotal };
  });
  let left = amount - shares.reduce((sum, share) => sum + share.floor, 0);
  const order = shares
    .map((share, index) => ({ index, remainder: share.remainder }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  const result = shares.map((share) => share.floor);
  for (const { index } of order) {
    if (left <= 0) break;
    result[index]! += 1;
    left -= 1;
  }
  return result;
}
