/**
 * The look every e-mail of the shop shares (issue 32 item 12): the shop's name (and mark) as a
 * header linking to the shop, the content, and a footer with the contact address and the policy
 * pages. Written for mail clients: tables and inline styles, no stylesheet, no script, and every
 * address absolute (PUBLIC_URL), since a mail has no page to resolve a path against. Every value
 * the shop did not write itself (names, addresses, codes, URLs) goes through escapeHtml. The
 * text part of each e-mail is written beside this, from the same data.
 */
import { SHOP_CONTACT_EMAIL, SHOP_NAME } from '../../domain/brand';
import { formatCents, type Cents } from '../../domain/money';
import { smallImageUrl } from '../../domain/product-image';
import { SHOP_PAGE_SLUGS, SHOP_PAGE_TITLES, shopPagePath } from '../../domain/shop-pages';
import { escapeHtml } from './escape-html';

const INK = '#1f1b18';
const MUTED = '#6b625b';
const LINE = '#ece4dc';
const BRAND = '#a9512d';
const FONT = 'font-family:-apple-system,BlinkMacSystemFont,Segoe UI,Roboto,Helvetica,Arial,sans-serif';

/** An address as the mail gives it: kept when absolute, else on PUBLIC_URL; null without one. */
export function absoluteUrl(publicUrl: string | undefined, url: string): string | null {
  if (/^https?:\/\//i.test(url)) return url;
  if (!publicUrl || !url.startsWith('/')) return null;
  return `${publicUrl.replace(/\/$/, '')}${url}`;
}

/** A link: `href` and `label` are escaped (an address we did not write cannot break out of it). */
export function mailLink(href: string, label: string): string {
  return `<a href="${escapeHtml(href)}" style="color:${BRAND};text-decoration:underline">${escapeHtml(label)}</a>`;
}

/** The one call to action of an e-mail, as a button (a link styled as one). */
export function mailButton(href: string, label: string): string {
  return `<p style="margin:24px 0"><a href="${escapeHtml(href)}" style="display:inline-block;background:${BRAND};color:#ffffff;padding:12px 22px;border-radius:999px;font-weight:600;text-decoration:none">${escapeHtml(label)}</a></p>`;
}

/** A paragraph of text (escaped), or of HTML the caller built from escaped pieces (`html`). */
export function mailParagraph(content: { text: string } | { html: string }, style = ''): string {
  const body = 'text' in content ? escapeHtml(content.text) : content.html;
  return `<p style="margin:0 0 12px;line-height:1.5${style ? `;${style}` : ''}">${body}</p>`;
}

/** An order line as the e-mails show it. */
export interface MailLine {
  name: string;
  color: string;
  size: string;
  quantity: number;
  lineTotalCents: Cents;
  imageUrl: string | null;
}

/** The order's lines: a picture (the small variant), the name, color, size and quantity, the line's total. */
export function mailLinesTable(lines: readonly MailLine[], publicUrl: string | undefined): string {
  const rows = lines.map((line) => {
    const source = line.imageUrl ? absoluteUrl(publicUrl, smallImageUrl(line.imageUrl) ?? line.imageUrl) : null;
    const picture = source
      ? `<img src="${escapeHtml(source)}" alt="${escapeHtml(line.name)}" width="64" height="80" style="display:block;width:64px;height:80px;border-radius:8px;object-fit:cover;background:#fdf6f1">`
      : '';
    const cell = `padding:10px 0;border-bottom:1px solid ${LINE};vertical-align:middle`;
    return [
      '<tr>',
      `<td style="${cell};width:76px">${picture}</td>`,
      `<td style="${cell}"><strong>${escapeHtml(line.name)}</strong><br><span style="color:${MUTED};font-size:13px">${escapeHtml(`${line.color} · ${line.size} · Qty ${line.quantity}`)}</span></td>`,
      `<td style="${cell};text-align:right;white-space:nowrap">${escapeHtml(formatCents(line.lineTotalCents))}</td>`,
      '</tr>',
    ].join('');
  });
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:8px 0 16px">${rows.join('')}</table>`;
}

/**
 * The whole HTML part: the shop's name as the header (its mark from PUBLIC_URL), the heading,
 * the content (HTML built with the helpers above), and the footer.
 */
export function mailDocument(options: {
  publicUrl: string | undefined;
  /** The subject line, as the document's title. */
  title: string;
  heading: string;
  content: readonly string[];
}): string {
  const { publicUrl } = options;
  const home = absoluteUrl(publicUrl, '/');
  const mark = absoluteUrl(publicUrl, '/apple-touch-icon.png');
  const name = `<span style="font-size:18px;font-weight:700;color:${INK};vertical-align:middle">${escapeHtml(SHOP_NAME)}</span>`;
  const brand = `${mark ? `<img src="${escapeHtml(mark)}" alt="" width="32" height="32" style="width:32px;height:32px;border-radius:8px;vertical-align:middle;margin-right:10px">` : ''}${name}`;
  const policies = SHOP_PAGE_SLUGS.flatMap((slug) => {
    const href = absoluteUrl(publicUrl, shopPagePath(slug));
    return href ? [mailLink(href, SHOP_PAGE_TITLES[slug])] : [];
  });
  return [
    '<!doctype html>',
    `<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(options.title)}</title></head>`,
    `<body style="margin:0;padding:0;background:#fdf6f1;${FONT};color:${INK}">`,
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#fdf6f1"><tr><td align="center" style="padding:24px 12px">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border:1px solid #ece4dc;border-radius:16px">',
    `<tr><td style="padding:20px 24px;border-bottom:1px solid ${LINE}">${home ? `<a href="${escapeHtml(home)}" style="text-decoration:none">${brand}</a>` : brand}</td></tr>`,
    `<tr><td style="padding:24px;font-size:15px">`,
    `<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3">${escapeHtml(options.heading)}</h1>`,
    ...options.content,
    '</td></tr>',
    `<tr><td style="padding:16px 24px;border-top:1px solid ${LINE};color:${MUTED};font-size:12px;line-height:1.6">`,
    `${escapeHtml(SHOP_NAME)} · ${mailLink(`mailto:${SHOP_CONTACT_EMAIL}`, SHOP_CONTACT_EMAIL)}${home ? ` · ${mailLink(home, home.replace(/^https?:\/\//, '').replace(/\/$/, ''))}` : ''}`,
    policies.length > 0 ? `<br>${policies.join(' · ')}` : '',
    '</td></tr></table>',
    '</td></tr></table>',
    '</body></html>',
  ].join('\n');
}
