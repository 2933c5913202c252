import { describe, expect, it } from 'vitest';
import { passwordResetEmail, verificationEmail } from './auth-emails';

describe('account e-mails (issue 32 item 12)', () => {
  const url = 'https://shop.example/api/auth/verify-email?token=abc&callbackURL=%2Fauth%3Fverified%3D1';

  it.each([
    ['confirmation', verificationEmail, 'Confirm your email'],
    ['password reset', passwordResetEmail, 'Choose a new password'],
  ] as const)(
    '%s: the shop as header, the link as a working button and address; the text part stays',
    (_name, email, action) => {
      const { html, text } = email(url, 'https://shop.example');
      expect(html).toContain('<a href="https://shop.example/" style="text-decoration:none">');
      expect(html).toContain('>Wear Your Faith</span>');
      const href = 'https://shop.example/api/auth/verify-email?token=abc&amp;callbackURL=%2Fauth%3Fverified%3D1';
      expect(html).toContain(`<a href="${href}" style="display:inline-block;`);
      expect(html).toContain(`>${action}</a>`);
      expect(html).toContain(`Or open this link: <a href="${href}"`);
      expect(text).toContain(`${action}: ${url}`);
      expect(text).not.toContain('<a');
    },
  );

  it('escapes an address it did not write', () => {
    const { html } = verificationEmail('https://shop.example/x?"><script>alert(1)</script>', 'https://shop.example');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&quot;&gt;&lt;script&gt;');
  });
});
