import { describe, expect, it } from 'vitest';
import { normaliseSearchQuery, rankSearchResults, SEARCH_MAX_WORDS, SEARCH_QUERY_MAX_LENGTH, searchScore, searchWords } from './search';

describe('normaliseSearchQuery', () => {
  it('trims, collapses spaces and cuts an over-long query', () => {
    expect(normaliseSearchQuery('  faith   hoodie ')).toBe('faith hoodie');
    expect(normaliseSearchQuery(null)).toBe('');
    expect(normaliseSearchQuery('x'.repeat(500))).toHaveLength(SEARCH_QUERY_MAX_LENGTH);
  });
});

describe('searchWords', () => {
  it('keeps letters and digits, lower-cased, each once', () => {
    expect(searchWords('Faith HOODIE faith')).toEqual(['faith', 'hoodie']);
    expect(searchWords('Philippians 4:13')).toEqual(['philippians', '4', '13']);
    expect(searchWords('crème brûlée')).toEqual(['crème', 'brûlée']);
  });

  it('treats quotes, SQL wildcards and tsquery operators as separators, never as syntax', () => {
    expect(searchWords(`"tee" OR 1=1; --`)).toEqual(['tee', 'or', '1']);
    expect(searchWords('%_%')).toEqual([]);
    expect(searchWords("o'brien's & | ! (cross):*")).toEqual(['brien', 'cross']);
    expect(searchWords('   ')).toEqual([]);
  });

  it('leaves out single letters beside longer words, keeps numbers', () => {
    expect(searchWords('a%_b tee')).toEqual(['tee']);
    expect(searchWords('a%_b')).toEqual(['a', 'b']);
    expect(searchWords('Psalm 23')).toEqual(['psalm', '23']);
  });

  it('searches at most six words', () => {
    expect(searchWords('a b c d e f g h')).toHaveLength(SEARCH_MAX_WORDS);
    expect(searchWords('one two three four five six seven')).toHaveLength(SEARCH_MAX_WORDS);
  });
});

describe('rankSearchResults', () => {
  const candidate = (name: string, textRank = 0, similarity = 0) => ({ name, textRank, similarity });

  it('puts products whose name has the words first, a whole word above a prefix', () => {
    const ranked = rankSearchResults(
      [
        candidate('Scripture Bookmark Set', 0.2), // 'hoodie' only in its description
        candidate('Hoodie Patch', 0.6),
        candidate('Hoodies Gift Card', 0.6),
        candidate('Faith Over Fear Hoodie', 0.6),
      ],
      ['hoodie'],
    );
    expect(ranked.map((entry) => entry.name)).toEqual([
      'Faith Over Fear Hoodie',
      'Hoodie Patch',
      'Hoodies Gift Card',
      'Scripture Bookmark Set',
    ]);
  });

  it('then orders by the full-text rank, then by typo similarity', () => {
    const ranked = rankSearchResults([candidate('B', 0.1), candidate('A', 0.3), candidate('C', 0, 0.6)], ['navy']);
    expect(ranked.map((entry) => entry.name)).toEqual(['A', 'C', 'B']);
  });

  it('scores by the share of words found in the name', () => {
    expect(searchScore(candidate('Classic Cross Tee'), ['cross', 'tee'])).toBeGreaterThan(
      searchScore(candidate('Cross Pendant Necklace'), ['cross', 'tee']),
    );
  });

  it('orders equal scores by name, so the order is stable', () => {
    const ranked = rankSearchResults([candidate('Zion Tee'), candidate('Amen Tee')], ['tee']);
    expect(ranked.map((entry) => entry.name)).toEqual(['Amen Tee', 'Zion Tee']);
  });
});
