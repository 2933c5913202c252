/**
 * What the order e-mails tell their reader about the account behind the address, in one
 * place for the confirmation and the shipped/delivered/cancelled e-mails. Points are credited
 * to the order's email address (server/loyalty/ledger.ts) and /account lists the orders of
 * the signed-in email, so:
 * - an address with an account: the points line and the /account link;
 * - a guest's address: the points, and that an account made with this address collects them
 *   (sign-up confirms the address; /loyalty then shows them), and no /account link: the
 *   order number and the shop's contact email instead.
 * Each line is pieces of text and links, written as text in the text part and as an anchor in
 * the HTML part (issue 32 item 12: the HTML part's links work).
 */
import { SHOP_CONTACT_EMAIL } from '../../domain/brand';
import { formatCount } from '../../domain/money';
import { escapeHtml } from './escape-html';
import { mailLink } from './mail-layout';

export interface OrderRecipient {
  /** The order's email belongs to a customer account (server/customers/email-has-account.ts). */
  hasAccount: boolean;
  /** PUBLIC_URL, for the links; without it the e-mail says the same without them. */
  publicUrl?: string;
}

/** A piece of a sentence: text, or a link (shown as `label`, the address itself by default). */
export type MailPiece = string | { href: string; label?: string };
/** A line of an e-mail, as pieces. */
export type MailSentence = readonly MailPiece[];

/** The line as plain text: a web link as its address, an email link as the address it names. */
export function sentenceText(sentence: MailSentence): string {
  return sentence
    .map((piece) =>
      typeof piece === 'string'
        ? piece
        : piece.href.startsWith('mailto:')
          ? piece.href.slice('mailto:'.length)
          : piece.href,
    )
    .join('');
}

/** The line as HTML: text escaped, links as anchors. */
export function sentenceHtml(sentence: MailSentence): string {
  return sentence
    .map((piece) =>
      typeof piece === 'string'
        ? escapeHtml(piece)
        : mailLink(
            piece.href,
            piece.label ?? (piece.href.startsWith('mailto:') ? piece.href.slice('mailto:'.length) : piece.href),
          ),
    )
    .join('');
}

/** The points line(s) of the confirmation. */
export function earnedPointsLines(points: number, recipient: OrderRecipient): MailSentence[] {
  const earned = [`Points earned: ${formatCount(points)}`];
  if (recipient.hasAccount) return [earned];
  if (points <= 0) return [];
  const signUp: MailSentence = recipient.publicUrl
    ? ['Create an account with this email address to collect them: ', { href: `${recipient.publicUrl}/auth` }]
    : ['Create an account on our website with this email address to collect them.'];
  return [earned, signUp];
}

/** Where the reader follows the order up: their account, or the shop's contact email. */
export function followUpLines(orderNumber: string, recipient: OrderRecipient): MailSentence[] {
  if (recipient.hasAccount)
    return recipient.publicUrl ? [['Your orders: ', { href: `${recipient.publicUrl}/account` }]] : [];
  return [
    [
      'Questions about your order? Write to us at ',
      { href: `mailto:${SHOP_CONTACT_EMAIL}` },
      ` with your order number, ${orderNumber}.`,
    ],
  ];
}
