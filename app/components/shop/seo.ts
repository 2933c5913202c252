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
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: options.description },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:type', content: options.type ?? 'website' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: options.description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: image },
    { name: 'twitter:card', content: 'summary_large_image' },
  ];
  if (options.canonical ?? true) tags.push({ tagName: 'link', rel: 'canonical', href: url });
  return tags;
}
