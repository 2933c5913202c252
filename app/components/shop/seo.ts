/**
 * Page meta: title, description, Open Graph and Twitter tags, canonical link. Every page's
 * `meta` export calls this so no page forgets one. The public URL comes from the root loader.
 */
import type { MetaDescriptor } from 'react-router';

export const SITE_NAME = 'Wear Your Faith';
export const OG_DEFAULT_IMAGE = '/images/og-default.jpg';

type MatchLike = { id: string; data?: unknown } | undefined;

export function publicUrlFrom(matches: readonly MatchLike[]): string {
  const root = matches.find((match) => match?.id === 'root');
  const data = root?.data as { publicUrl?: string } | undefined;
  return (data?.publicUrl ?? '').replace(/\/$/, '');
}

/** Longest meta description kept (what search engines show). */
export const META_DESCRIPTION_MAX_LENGTH = 160;

/**
 * A text cut to at most `max` characters at the end of a word, with an ellipsis when cut:
 * never in the middle of a word. Whitespace runs become single spaces.
 */
export function truncateAtWord(text: string, max = META_DESCRIPTION_MAX_LENGTH): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const room = clean.slice(0, max - 1); // one character left for the ellipsis
  const lastSpace = room.lastIndexOf(' ');
  const cut = lastSpace > 0 ? room.slice(0, lastSpace) : room;
  return `${cut.replace(/[\s,;:.!?-]+$/, '')}…`;
}

export function seoMeta(options: {
  matches: readonly MatchLike[];
  title: string;
  description: string;
  path: string;
  image?: string;
  type?: 'website' | 'product';
  canonical?: boolean;
}): MetaDescriptor[] {
  const base = publicUrlFrom(options.matches);
  const url = `${base}${options.path}`;
  const image = `${base}${options.image ?? OG_DEFAULT_IMAGE}`;
  const title = options.title === SITE_NAME ? SITE_NAME : `${options.title} | ${SITE_NAME}`;
  const description = truncateAtWord(options.description);
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: description },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:type', content: options.type ?? 'website' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: image },
    { name: 'twitter:card', content: 'summary_large_image' },
  ];
  if (options.canonical ?? true) tags.push({ tagName: 'link', rel: 'canonical', href: url });
  return tags;
}
