import { describe, expect, it } from 'vitest';
import { META_DESCRIPTION_MAX_LENGTH, seoMeta, truncateAtWord } from './seo';

describe('truncateAtWord', () => {
  it('keeps a short text as it is', () => {
    expect(truncateAtWord('A soft tee.')).toBe('A soft tee.');
  });

  it('cuts a long text at the end of a word, with an ellipsis, within the limit', () => {
    const text =
      '"I can do all things through Christ who strengthens me." A lightweight cotton-poly blend tee with the verse beneath a radiant cross, made for workouts, game days and every hard day in between.';
    const cut = truncateAtWord(text);
    expect(cut.length).toBeLessThanOrEqual(META_DESCRIPTION_MAX_LENGTH);
    expect(cut.endsWith('…')).toBe(true);
    const kept = cut.slice(0, -1);
    expect(text.startsWith(kept)).toBe(true);
    expect(text[kept.length]).toMatch(/[\s,]/); // the next character ended a word
  });

  it('never leaves a trailing comma or space before the ellipsis', () => {
    expect(truncateAtWord('word, '.repeat(40), 20)).toBe('word, word, word…');
  });
});

describe('seoMeta', () => {
  it('cuts the description tags at a word', () => {
    const tags = seoMeta({ matches: [], title: 'T', description: 'lorem ipsum '.repeat(30), path: '/' });
    const description = tags.find((tag) => 'name' in tag && tag.name === 'description') as { content: string };
    expect(description.content.length).toBeLessThanOrEqual(META_DESCRIPTION_MAX_LENGTH);
    expect(description.content).toMatch(/(lorem|ipsum)…$/);
  });
});
