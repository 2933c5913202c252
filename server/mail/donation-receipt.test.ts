import { describe, expect, it } from 'vitest';
import { DEFAULT_DONATION_RECEIPT_NOTE, DONATION_RECEIPT_SUBJECT, donationReceiptMessage } from './donation-receipt';

const input = {
  email: 'giver@example.com',
  amountCents: 2500,
  paidAt: new Date('2026-11-27T15:00:00Z'),
  reference: 'sbx_cs_123',
  publicUrl: 'https://shop.example',
};

describe('donation receipt (issue 32 item 6)', () => {
  it('gives the amount, the date, the reference and the contact address, and says it is not a tax receipt', () => {
    const message = donationReceiptMessage(input);
    expect(message.to).toBe('giver@example.com');
    expect(message.subject).toBe(DONATION_RECEIPT_SUBJECT);
    for (const part of [message.text, message.html!]) {
      expect(part).toContain('$25.00');
      expect(part).toContain('Nov 27, 2026');
      expect(part).toContain('sbx_cs_123');
      expect(part).toContain('hello@wearyourfaith.shop');
      expect(part).toContain(DEFAULT_DONATION_RECEIPT_NOTE);
    }
    expect(message.html).toContain('href="mailto:hello@wearyourfaith.shop"');
    expect(message.html).toContain('>Wear Your Faith</span>');
  });

  it("uses the owner's DONATION_RECEIPT_NOTE instead, escaped in the HTML part", () => {
    const note = 'Grace Ministries <Inc.> is a 501(c)(3); no goods were given for this gift.';
    const message = donationReceiptMessage({ ...input, note });
    expect(message.text).toContain(note);
    expect(message.text).not.toContain(DEFAULT_DONATION_RECEIPT_NOTE);
    expect(message.html).toContain('Grace Ministries &lt;Inc.&gt; is a 501(c)(3)');
    expect(message.html).not.toContain('<Inc.>');
  });
});
