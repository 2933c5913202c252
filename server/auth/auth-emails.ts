/** The texts of the account e-mails (plain text plus a small HTML version). */
import { escapeHtml } from '../mail/escape-html';

function layout(heading: string, intro: string, url: string, action: string, outro: string): string {
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f1a17;max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:22px">${escapeHtml(heading)}</h1>
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(url)}" style="display:inline-block;background:#c8673a;color:#fff;padding:12px 20px;border-radius:999px;text-decoration:none">${escapeHtml(action)}</a></p>
<p style="color:#6b625c;font-size:13px">${escapeHtml(outro)}</p>
</body></html>`;
}

export function verificationEmail(url: string) {
  const intro = 'Thanks for joining Wear Your Faith. Please confirm your e-mail address to finish creating your account.';
  const outro = 'If you did not sign up, you can ignore this e-mail. The link is valid for 24 hours.';
  return {
    subject: 'Confirm your e-mail for Wear Your Faith',
    text: `${intro}\n\nConfirm your e-mail: ${url}\n\n${outro}\n`,
    html: layout('Confirm your e-mail', intro, url, 'Confirm e-mail', outro),
  };
}

export function passwordResetEmail(url: string) {
  const intro = 'We received a request to reset the password of your Wear Your Faith account.';
  const outro = 'If you did not ask for this, you can ignore this e-mail; your password stays the same. The link is valid for 1 hour.';
  return {
    subject: 'Reset your Wear Your Faith password',
    text: `${intro}\n\nChoose a new password: ${url}\n\n${outro}\n`,
    html: layout('Reset your password', intro, url, 'Choose a new password', outro),
  };
}
