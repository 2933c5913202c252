/**
 * What shoppers type for what the shop calls otherwise (issue 32 item 8): the one table of
 * search synonyms, read by the search on both databases (server/catalog/search-products.ts
 * through `searchTerms` in domain/search.ts). Each group's words mean the same in this shop: a
 * word of a group also finds the group's other words (whole words, as PostgreSQL's English
 * stemmer reduces them: 'tees' is 'tee'), and a group with a `placement` also finds the
 * products placed there ('women' finds the Gracefully Chosen line, whose products need not say
 * 'women'). A two-word entry ('t shirt') is a phrase: typed as two words (or 't-shirt'), it is
 * searched as the group's one word.
 *
 * Words are lower-case letters and digits only, so they are safe inside a text-search query.
 */
import { BRAND_LINE_PLACEMENT_TAG } from './brand';

export interface SynonymGroup {
  /** The words (and two-word phrases) that mean the same; the first is the group's name. */
  words: readonly string[];
  /** Products with this placement tag match too. */
  placement?: string;
}

export const SEARCH_SYNONYMS: readonly SynonymGroup[] = [
  { words: ['tshirt', 'tshirts', 't shirt', 't shirts', 'tee', 'tees', 'shirt', 'shirts'] },
  { words: ['hoodie', 'hoodies', 'hoody', 'sweatshirt', 'sweatshirts', 'sweat shirt', 'pullover', 'pullovers'] },
  { words: ['cap', 'caps', 'hat', 'hats', 'baseball cap', 'ball cap'] },
  { words: ['grey', 'gray'] },
  { words: ['jewelry', 'jewellery'] },
  { words: ['necklace', 'necklaces', 'pendant', 'pendants', 'chain'] },
  { words: ['women', 'womens', 'woman', 'ladies', 'lady'], placement: BRAND_LINE_PLACEMENT_TAG },
];
