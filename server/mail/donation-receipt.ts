/**
 * The receipt of a paid donation (issue 32 item 6): the amount, the date, the reference the
 * success page showed (the checkout's id), and the shop's contact address. It says plainly that
 * it is not a tax-deductible receipt, unless the owner sets DONATION_RECEIPT_NOTE with their
 * organisation's own wording, which then stands in that place. Queued by the payment
 * completion in the transaction that marks the donation paid (one per donation), delivered by
 * the mail loop; the HTML part has the shop's look (mail-layout.ts), the text part says the same.
 */
import { SHOP_CONTACT_EMAIL, SHOP_NAME } from '../../domain/brand';
import { formatDate } from '../../domain/dates';
import { formatCents, type Cents } from '../../domain/money';
import type { MailMessage } from './create-mailer';
import { escapeHtml } from './escape-html';
import { mailDocument, mailLink, mailParagraph } from './mail-layout';

/** One receipt per donation, however often its payment is reported. */
export function donationReceiptKey(donationId: string): string {
  return `donation-receipt:${donationId}`;
}

/** What the receipt says where the owner has not given their organisation's wording. */
export const DEFAULT_DONATION_RECEIPT_NOTE =
  'This email confirms your gift. It is not a receipt for a tax-deductible donation.';

export const DONATION_RECEIPT_SUBJECT = `Thank you for your donation to ${SHOP_NAME}`;

const HEADING = 'Thank you for your gift!';

export interface DonationReceiptInput {
  email: string;
  amountCents: Cents;
  paidAt: Date;
  /** The reference the payment-success page showed: the checkout session's id. */
  reference: string;
  publicUrl?: string | undefined;
  /** DONATION_RECEIPT_NOTE, when the owner set it. */
  note?: string | undefined;
}

function receiptFacts(input: DonationReceiptInput) {
  return [
    { label: 'Amount', value: formatCents(input.amountCents) },
    { label: 'Date', value: formatDate(input.paidAt) },
    { label: 'Donation reference', value: input.reference },
  ];
}

export function donationReceiptMessage(input: DonationReceiptInput): MailMessage {
  const note = input.note?.trim() || DEFAULT_DONATION_RECEIPT_NOTE;
  const facts = receiptFacts(input);
  const thanks = `Your donation of ${formatCents(input.amountCents)} has been received and supports our mission.`;
  const contact = `Questions? Write to us at ${SHOP_CONTACT_EMAIL}.`;
  const text = [
    HEADING,
    '',
    thanks,
    '',
    ...facts.map((fact) => `${fact.label}: ${fact.value}`),
    '',
    note,
    '',
    contact,
    '',
    SHOP_NAME,
  ].join('\n');
  const row = (label: string, value: string) =>
    `<tr><td style="padding:6px 0">${escapeHtml(label)}</td><td style="padding:6px 0;text-align:right;word-break:break-all">${escapeHtml(value)}</td></tr>`;
  const html = mailDocument({
    publicUrl: input.publicUrl,
    title: DONATION_RECEIPT_SUBJECT,
    heading: HEADING,
    content: [
      mailParagraph({ text: thanks }),
      '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:8px 0 16px">',
      ...facts.map((fact) => row(fact.label, fact.value)),
      '</table>',
      mailParagraph({ text: note }),
      mailParagraph({
        html: `Questions? Write to us at ${mailLink(`mailto:${SHOP_CONTACT_EMAIL}`, SHOP_CONTACT_EMAIL)}.`,
      }),
    ],
  });
  return { to: input.email, subject: DONATION_RECEIPT_SUBJECT, text, html };
}
