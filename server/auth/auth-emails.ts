/**
 * The account emails: plain text, and HTML in the shop's layout (mail-layout.ts: its name as
 * the header, the link as a button and again as an address, the footer).
 */
import { mailButton, mailDocument, mailLink, mailParagraph } from '../mail/mail-layout';
import { inviterName } from '../../domain/staff-roles';

interface AccountEmail {
  subject: string;
  text: string;
  html: string;
}

function accountEmail(options: {
  publicUrl: string | undefined;
  subject: string;
  heading: string;
  intro: string;
  url: string;
  action: string;
  outro: string;
}): AccountEmail {
  const { url } = options;
  return {
    subject: options.subject,
    text: `${options.intro}\n\n${options.action}: ${url}\n\n${options.outro}\n`,
    html: mailDocument({
      publicUrl: options.publicUrl,
      title: options.subject,
      heading: options.heading,
      content: [
        mailParagraph({ text: options.intro }),
        mailButton(url, options.action),
        // The address too, for a mail client that shows no buttons.
        mailParagraph(
          { html: `Or open this link: ${mailLink(url, url)}` },
          'font-size:13px;color:#6b625b;word-break:break-all',
        ),
        mailParagraph({ text: options.outro }, 'font-size:13px;color:#6b625b'),
      ],
    }),
  };
}

export function verificationEmail(url: string, publicUrl?: string): AccountEmail {
  return accountEmail({
    publicUrl,
    subject: 'Confirm your email for Wear Your Faith',
    heading: 'Confirm your email',
    intro: 'Thanks for joining Wear Your Faith. Please confirm your email address to finish creating your account.',
    url,
    action: 'Confirm your email',
    outro: 'If you did not sign up, you can ignore this email. The link is valid for 24 hours.',
  });
}

export function passwordResetEmail(url: string, publicUrl?: string): AccountEmail {
  return accountEmail({
    publicUrl,
    subject: 'Reset your Wear Your Faith password',
    heading: 'Reset your password',
    intro: 'We received a request to reset the password of your Wear Your Faith account.',
    url,
    action: 'Choose a new password',
    outro:
      'If you did not ask for this, you can ignore this email; your password stays the same. The link is valid for 1 hour.',
  });
}

/** The staff invite (issue 27): a single-use link, valid for INVITE_TTL_HOURS. */
export function staffInviteEmail(options: {
  url: string;
  publicUrl?: string;
  roleLabel: string;
  invitedBy: string;
  ttlHours: number;
}): AccountEmail {
  return accountEmail({
    publicUrl: options.publicUrl,
    subject: 'You are invited to the Wear Your Faith admin',
    heading: 'Join the Wear Your Faith team',
    intro: `${inviterName(options.invitedBy)} invited you to help run the Wear Your Faith shop as ${options.roleLabel}. Create your account (or sign in to the one you have) and set up two-factor sign-in to open the admin.`,
    url: options.url,
    action: 'Accept the invite',
    outro: `The link works once and is valid for ${options.ttlHours} hours. If you did not expect this, you can ignore this email.`,
  });
}
