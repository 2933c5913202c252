import { describe, expect, it } from 'vitest';
import { DEFAULT_SHOP_PAGE_BODIES } from './shop-page-defaults';
import { normalisePageBody } from './shop-page-body';
import { pageBlocks, pageInlines } from './shop-page-text';
import { isShopPageSlug, SHOP_PAGE_MAX_LENGTH, SHOP_PAGE_SLUGS, shopPagePath } from './shop-pages';

describe('pageBlocks', () => {
  it('reads headings, lists and paragraphs (lines of a paragraph kept apart)', () => {
    expect(pageBlocks('Intro line one\nline two\n\n## Returns\n- first\n- second\nAfter the list\n\n\nLast')).toEqual([
      { kind: 'paragraph', lines: ['Intro line one', 'line two'] },
      { kind: 'heading', text: 'Returns' },
      { kind: 'list', items: ['first', 'second'] },
      { kind: 'paragraph', lines: ['After the list'] },
      { kind: 'paragraph', lines: ['Last'] },
    ]);
    expect(pageBlocks('<b>bold</b>\r\n##not a heading')).toEqual([
      { kind: 'paragraph', lines: ['<b>bold</b>', '##not a heading'] },
    ]);
  });

  it('reads every default text into headings, lists and paragraphs', () => {
    for (const slug of SHOP_PAGE_SLUGS) {
      const kinds = new Set(pageBlocks(DEFAULT_SHOP_PAGE_BODIES[slug]).map((block) => block.kind));
      expect(kinds.has('heading') && kinds.has('paragraph'), slug).toBe(true);
    }
  });
});

describe('pageInlines', () => {
  it("links email addresses and the other pages' titles, not the page's own", () => {
    expect(
      pageInlines('Write to hello@wearyourfaith.shop. See our Returns Policy and Terms of Sale.', 'terms-of-sale'),
    ).toEqual([
      'Write to ',
      { href: 'mailto:hello@wearyourfaith.shop', text: 'hello@wearyourfaith.shop' },
      '. See our ',
      { href: '/policies/returns-policy', text: 'Returns Policy' },
      ' and Terms of Sale.',
    ]);
    expect(pageInlines('Plain text')).toEqual(['Plain text']);
  });
});

describe('normalisePageBody', () => {
  it('unifies line ends, trims line ends and blank edges', () => {
    expect(normalisePageBody('\r\n  Hello  \r\n\r\nWorld\t\n\n')).toEqual({ ok: true, body: 'Hello\n\nWorld' });
  });

  it('refuses blank, non-text and over-long texts', () => {
    expect(normalisePageBody(' \n ')).toEqual({ ok: false, message: 'Write the page text before saving.' });
    expect(normalisePageBody(null)).toEqual({ ok: false, message: 'Write the page text before saving.' });
    expect(normalisePageBody('x'.repeat(SHOP_PAGE_MAX_LENGTH + 1))).toEqual({
      ok: false,
      message: 'The page text is too long (at most 20,000 characters).',
    });
    expect(normalisePageBody('x'.repeat(SHOP_PAGE_MAX_LENGTH)).ok).toBe(true);
  });
});

describe('slugs', () => {
  it('knows its three pages and their addresses', () => {
    expect(SHOP_PAGE_SLUGS.map(shopPagePath)).toEqual([
      '/policies/privacy-policy',
      '/policies/terms-of-sale',
      '/policies/returns-policy',
    ]);
    expect(isShopPageSlug('terms-of-sale')).toBe(true);
    expect(isShopPageSlug('../admin')).toBe(false);
    expect(isShopPageSlug(undefined)).toBe(false);
  });
});
