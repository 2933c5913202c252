import { describe, expect, it } from 'vitest';
import {
  normaliseSearchQuery,
  rankSearchResults,
  SEARCH_MAX_WORDS,
  SEARCH_QUERY_MAX_LENGTH,
  searchScore,
  searchTerms,
  searchWords,
} from './search';
import { SEARCH_SYNONYMS } from './search-synonyms';

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

describe('searchTerms: the synonym table (issue 32 item 8)', () => {
  it("reads 't-shirt' and 't shirt' as one word, and gives each word its group's other words", () => {
    expect(searchWords('t-shirt')).toEqual(['tshirt']);
    expect(searchWords('Black T Shirts')).toEqual(['black', 'tshirt']);
    expect(searchWords('baseball cap')).toEqual(['cap']);
    expect(searchTerms('tshirt')).toEqual([
      { word: 'tshirt', synonyms: ['tshirts', 'tee', 'tees', 'shirt', 'shirts'], placements: [] },
    ]);
    expect(searchTerms('gray hoodie')).toEqual([
      { word: 'gray', synonyms: ['grey'], placements: [] },
      expect.objectContaining({ word: 'hoodie', synonyms: expect.arrayContaining(['sweatshirt', 'hoody']) }),
    ]);
    expect(searchTerms('hat')[0]!.synonyms).toContain('cap');
    expect(searchTerms('sweatshirt')[0]!.synonyms).toContain('hoodie');
  });

  it("finds the women's line by its placement for 'women' and 'womens'", () => {
    for (const query of ['women', 'Womens', "women's"]) {
      expect(searchTerms(query)).toEqual([expect.objectContaining({ placements: ['gracefully-chosen'] })]);
    }
    expect(searchTerms('faith')).toEqual([{ word: 'faith', synonyms: [], placements: [] }]);
  });

  it('holds only safe words, each in one group, phrases of two words', () => {
    const seen = new Set<string>();
    for (const group of SEARCH_SYNONYMS) {
      for (const word of group.words) {
        expect(word).toMatch(/^[a-z0-9]+(?: [a-z0-9]+)?$/);
        expect(seen.has(word), word).toBe(false);
        seen.add(word);
      }
      // The group's name (its first word) is a single word: a folded phrase is searched as it.
      expect(group.words[0]).toMatch(/^[a-z0-9]+$/);
    }
  });

  it('ranks a name that has a synonym of the word as if it had the word', () => {
    const ranked = rankSearchResults(
      [
        { name: 'Faith Canvas Tote Bag', textRank: 0.3, similarity: 0 },
        { name: 'Simple Cross Tee', textRank: 0.1, similarity: 0 },
      ],
      searchTerms('tshirt').map((term) => [term.word, ...term.synonyms]),
    );
    expect(ranked[0]!.name).toBe('Simple Cross Tee');
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
