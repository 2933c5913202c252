/**
 * Shop search (issue 13): how a typed query becomes words, and how matching products are
 * ranked. The database finds the candidates (full-text search with prefixes, and trigram
 * similarity for words the catalogue does not contain: server/catalog/search-products.ts);
 * this module decides their order, so the rule is one pure function with its own tests.
 *
 * Any text is a valid query: quotes, SQL wildcards (% _), operators and punctuation are
 * treated as separators, never as syntax; an over-long query is cut, never refused.
 */

/** Longest query kept (characters); the rest is ignored. */
export const SEARCH_QUERY_MAX_LENGTH = 100;
/** At most this many words are searched for. */
export const SEARCH_MAX_WORDS = 6;
/** Longest word kept (a longer run of letters is cut). */
const SEARCH_WORD_MAX_LENGTH = 40;
/** Results shown on /search, best first. */
export const SEARCH_RESULT_LIMIT = 48;

/** The query as the page shows it: trimmed, single spaces, at most 100 characters. */
export function normaliseSearchQuery(raw: string | null | undefined): string {
  return (raw ?? '').replace(/\s+/g, ' ').trim().slice(0, SEARCH_QUERY_MAX_LENGTH).trim();
}

/**
 * The words searched for: runs of letters and digits, lower-cased, each once, at most six.
 * `%`, `_`, quotes, `&`, `:` and the like separate words and never reach a query as syntax.
 * A single letter ("o'brien's" gives 'o' and 's') would match nearly everything as a prefix:
 * it is left out when the query has longer words. Numbers are kept ('4:13' is '4' and '13').
 */
export function searchWords(query: string): string[] {
  const words: string[] = normaliseSearchQuery(query).toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const unique = [...new Set(words.map((word) => word.slice(0, SEARCH_WORD_MAX_LENGTH)))];
  const meaningful = unique.filter((word) => word.length > 1 || /\p{N}/u.test(word));
  return (meaningful.length > 0 ? meaningful : unique).slice(0, SEARCH_MAX_WORDS);
}

/** A product the database matched, with its match scores. */
export interface SearchCandidate {
  name: string;
  /** Full-text rank (ts_rank over name A, category/tags/colours B, description C), 0 when none. */
  textRank: number;
  /** Trigram word similarity of the misspelt words, 0 to 1 each, summed. */
  similarity: number;
}

/** How many of the words start a word of the product's name (prefix, case-insensitive). */
function nameHits(name: string, words: readonly string[]): { prefix: number; whole: number } {
  const nameWords: string[] = name.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  let prefix = 0;
  let whole = 0;
  for (const word of words) {
    if (nameWords.some((nameWord) => nameWord.startsWith(word))) prefix += 1;
    if (nameWords.includes(word)) whole += 1;
  }
  return { prefix, whole };
}

/**
 * The score that orders results: words found in the name count most (a whole word more than a
 * prefix), then the full-text rank (name, then category, tags and colours, then description),
 * then the typo similarity.
 */
export function searchScore(candidate: SearchCandidate, words: readonly string[]): number {
  const count = Math.max(1, words.length);
  const hits = nameHits(candidate.name, words);
  return (3 * hits.prefix + 1 * hits.whole) / count + candidate.textRank + 0.5 * candidate.similarity;
}

/** The candidates, best first; equal scores in name order (stable for a given catalogue). */
export function rankSearchResults<T extends SearchCandidate>(candidates: readonly T[], words: readonly string[]): T[] {
  return candidates
    .map((candidate) => ({ candidate, score: searchScore(candidate, words) }))
    .sort((a, b) => b.score - a.score || a.candidate.name.localeCompare(b.candidate.name, 'en'))
    .map((entry) => entry.candidate);
}
