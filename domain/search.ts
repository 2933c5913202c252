/**
 * Shop search (issue 13): how a typed query becomes words, and how matching products are
 * ranked. The database finds the candidates (full-text search with prefixes, and trigram
 * similarity for words the catalogue does not contain: server/catalog/search-products.ts);
 * this module decides their order, so the rule is one pure function with its own tests.
 *
 * Any text is a valid query: quotes, SQL wildcards (% _), operators and punctuation are
 * treated as separators, never as syntax; an over-long query is cut, never refused.
 */

import { SEARCH_SYNONYMS, type SynonymGroup } from './search-synonyms';

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

let synonymGroups: Map<string, SynonymGroup> | undefined;

/**
 * The synonym group of a word or two-word phrase of the table (domain/search-synonyms.ts). Built
 * on first use: the header's search field imports this module, and the table is no part of the
 * JavaScript every page loads (issue 15).
 */
function synonymGroupOf(word: string): SynonymGroup | undefined {
  synonymGroups ??= new Map(SEARCH_SYNONYMS.flatMap((group) => group.words.map((entry) => [entry, group] as const)));
  return synonymGroups.get(word);
}

/** Two words the table names as a phrase ('t shirt', 'baseball cap') become its group's first word. */
function foldPhrases(words: string[]): string[] {
  const folded: string[] = [];
  for (let index = 0; index < words.length; index += 1) {
    const phrase = synonymGroupOf(`${words[index]} ${words[index + 1]}`);
    if (phrase && index + 1 < words.length) {
      folded.push(phrase.words[0]!);
      index += 1;
    } else {
      folded.push(words[index]!);
    }
  }
  return folded;
}

/**
 * The words searched for: runs of letters and digits, lower-cased, each once, at most six.
 * `%`, `_`, quotes, `&`, `:` and the like separate words and never reach a query as syntax.
 * A phrase of the synonym table is one word ('t-shirt' and 't shirt' are 'tshirt').
 * A single letter ("o'brien's" gives 'o' and 's') would match nearly everything as a prefix:
 * it is left out when the query has longer words. Numbers are kept ('4:13' is '4' and '13').
 */
export function searchWords(query: string): string[] {
  const words: string[] = foldPhrases(normaliseSearchQuery(query).toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
  const unique = [...new Set(words.map((word) => word.slice(0, SEARCH_WORD_MAX_LENGTH)))];
  const meaningful = unique.filter((word) => word.length > 1 || /\p{N}/u.test(word));
  return (meaningful.length > 0 ? meaningful : unique).slice(0, SEARCH_MAX_WORDS);
}

/** A word to find, with what else finds it (issue 32: 'tshirt' finds tees, 'women' the women's line). */
export interface SearchTerm {
  /** The word as typed (a prefix: 'hood' finds hoodies). */
  word: string;
  /** Whole words that mean the same here (the synonym table's group, less the word itself and its phrases). */
  synonyms: string[];
  /** Placement tags whose products the word also finds. */
  placements: string[];
}

/** The query's words, each with its synonyms and placements (domain/search-synonyms.ts). */
export function searchTerms(query: string): SearchTerm[] {
  return searchWords(query).map((word) => {
    const group = synonymGroupOf(word);
    return {
      word,
      synonyms: group ? group.words.filter((other) => other !== word && !other.includes(' ')) : [],
      placements: group?.placement ? [group.placement] : [],
    };
  });
}

/** The words a term finds in a product's name: the word and its synonyms. */
export function termWords(term: SearchTerm): string[] {
  return [term.word, ...term.synonyms];
}

/** A product the database matched, with its match scores. */
export interface SearchCandidate {
  name: string;
  /** Full-text rank (ts_rank over name A, category/tags/colours B, description C), 0 when none. */
  textRank: number;
  /** Trigram word similarity of the misspelt words, 0 to 1 each, summed. */
  similarity: number;
}

/**
 * How many of the words start a word of the product's name (prefix, case-insensitive). A word
 * may come with its synonyms (['tshirt', 'tee', ...]): any of them counts for it, once.
 */
function nameHits(name: string, words: readonly (string | readonly string[])[]): { prefix: number; whole: number } {
  const nameWords: string[] = name.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  let prefix = 0;
  let whole = 0;
  for (const entry of words) {
    const alternatives = typeof entry === 'string' ? [entry] : entry;
    if (alternatives.some((word) => nameWords.some((nameWord) => nameWord.startsWith(word)))) prefix += 1;
    if (alternatives.some((word) => nameWords.includes(word))) whole += 1;
  }
  return { prefix, whole };
}

/**
 * The score that orders results: words found in the name count most (a whole word more than a
 * prefix), then the full-text rank (name, then category, tags and colours, then description),
 * then the typo similarity.
 */
export function searchScore(candidate: SearchCandidate, words: readonly (string | readonly string[])[]): number {
  const count = Math.max(1, words.length);
  const hits = nameHits(candidate.name, words);
  return (3 * hits.prefix + 1 * hits.whole) / count + candidate.textRank + 0.5 * candidate.similarity;
}

/** The candidates, best first; equal scores in name order (stable for a given catalogue). */
export function rankSearchResults<T extends SearchCandidate>(
  candidates: readonly T[],
  words: readonly (string | readonly string[])[],
): T[] {
  return candidates
    .map((candidate) => ({ candidate, score: searchScore(candidate, words) }))
    .sort((a, b) => b.score - a.score || a.candidate.name.localeCompare(b.candidate.name, 'en'))
    .map((entry) => entry.candidate);
}
