/**
 * A policy page's text as the page shows it (domain/shop-pages.ts). The text is plain: a blank
 * line starts a paragraph, a line starting with '## ' is a heading, lines starting with '- ' are
 * a list; an email address and another page's title ('Returns Policy') become links. No HTML:
 * the page renders the blocks as elements, so an owner's text can never carry markup or script
 * into the page. A module of its own: only the policy page's route loads it.
 */
import { SHOP_PAGE_SLUGS, SHOP_PAGE_TITLES, shopPagePath, type ShopPageSlug } from './shop-pages';

export type ShopPageBlock =
  { kind: 'heading'; text: string } | { kind: 'paragraph'; lines: string[] } | { kind: 'list'; items: string[] };

/** The text as blocks: headings ('## '), lists ('- ' lines) and paragraphs (the rest, by blank lines). */
export function pageBlocks(body: string): ShopPageBlock[] {
  const blocks: ShopPageBlock[] = [];
  for (const chunk of body.replace(/\r\n?/g, '\n').split(/\n\s*\n/)) {
    let paragraph: string[] = [];
    let list: string[] = [];
    const flush = () => {
      if (paragraph.length > 0) blocks.push({ kind: 'paragraph', lines: paragraph });
      if (list.length > 0) blocks.push({ kind: 'list', items: list });
      paragraph = [];
      list = [];
    };
    for (const raw of chunk.split('\n')) {
      const line = raw.trim();
      if (line === '') continue;
      if (line.startsWith('## ')) {
        flush();
        blocks.push({ kind: 'heading', text: line.slice(3).trim() });
      } else if (line.startsWith('- ')) {
        if (paragraph.length > 0) flush();
        list.push(line.slice(2).trim());
      } else {
        if (list.length > 0) flush();
        paragraph.push(line);
      }
    }
    flush();
  }
  return blocks;
}

/** A piece of a line: text, or a link (an email address, or another policy page by its title). */
export type ShopPageInline = string | { href: string; text: string };

const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/;

/** A line as text and links: email addresses as mailto links, the other pages' titles as links to them. */
export function pageInlines(line: string, current?: ShopPageSlug): ShopPageInline[] {
  const titles = SHOP_PAGE_SLUGS.filter((slug) => slug !== current).map((slug) => ({
    slug,
    title: SHOP_PAGE_TITLES[slug],
  }));
  // The titles are words and spaces: nothing to escape.
  const pattern = new RegExp([EMAIL.source, ...titles.map(({ title }) => title)].join('|'), 'g');
  const pieces: ShopPageInline[] = [];
  let last = 0;
  for (const match of line.matchAll(pattern)) {
    const found = match[0];
    const start = match.index ?? 0;
    if (start > last) pieces.push(line.slice(last, start));
    const page = titles.find(({ title }) => title === found);
    pieces.push({ href: page ? shopPagePath(page.slug) : `mailto:${found}`, text: found });
    last = start + found.length;
  }
  if (last < line.length) pieces.push(line.slice(last));
  return pieces;
}
