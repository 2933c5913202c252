/**
 * What the order e-mails tell their reader about the account behind the address, in one
 * place for the confirmation and the shipped/delivered/cancelled e-mails. Points are credited
 * to the order's e-mail address (server/loyalty/ledger.ts) and /account lists the orders of
 * the signed-in e-mail, so:
 * - an address with an account: the points line and the /account link;
 * - a guest's address: the points, and that an account made with this address collects them
 *   (sign-up confirms the address; /loyalty then shows them), and no /account link: the
 *   order number and the shop's contact e-mail instead.
 */
import { SHOP_CONTACT_EMAIL } from '../../domain/brand';
import { formatCount } from '../../domain/money';

export interface OrderRecipient {
  /** The order's e-mail belongs to a customer account (server/customers/email-has-account.ts). */
  hasAccount: boolean;
  /** PUBLIC_URL, for the links; without it the e-mail says the same without them. */
  publicUrl?: string;
}

/** The points line(s) of the confirmation. */
export function earnedPointsLines(points: number, recipient: OrderRecipient): string[] {
  const earned = `Points earned: ${formatCount(points)}`;
  if (recipient.hasAccount) return [earned];
  if (points <= 0) return [];
  const signUp = recipient.publicUrl
    ? `Create an account with this e-mail address to collect them: ${recipient.publicUrl}/auth`
    : 'Create an account on our website with this e-mail address to collect them.';
  return [earned, signUp];
}

/** Where the reader follows the order up: their account, or the shop's contact e-mail. */
export function followUpLines(orderNumber: string, recipient: OrderRecipient): string[] {
  if (recipient.hasAccount) return recipient.publicUrl ? [`Your orders: ${recipient.publicUrl}/account`] : [];
  return [`Questions about your order? Write to us at ${SHOP_CONTACT_EMAIL} with your order number, ${orderNumber}.`];
}
