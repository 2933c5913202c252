import { and, eq, sql, type SQL } from 'drizzle-orm';
import { rankSearchResults, SEARCH_RESULT_LIMIT, searchTerms, termWords, type SearchTerm } from '../../domain/search';
import type { PublicProduct } from '../../domain/storefront-product';
import type { Database } from '../db/client';
import { products } from '../db/schema';
import { toPublicProduct } from './to-public-product';
import { withStock } from './with-stock';

/** The indexed expressions of migration 0004 (written exactly as the indexes are). */
const document = sql`products_search_document(${products.name}, ${products.description}, ${products.category}, ${products.colors}, ${products.tags})`;
const shortText = sql`products_search_text(${products.name}, ${products.category}, ${products.colors}, ${products.tags})`;

/**
 * A word's typo threshold: the trigram word similarity a misspelt word needs. pg_trgm's default
 * (0.6) misses one-letter slips inside short words ('hoddie': 0.57); 0.5 still keeps unrelated
 * words out, and only words the catalogue does not contain are matched this way.
 */
const TYPO_SIMILARITY = '0.5';
/** Candidates read before ranking (the best by the database's own score). */
const CANDIDATE_LIMIT = 200;

export interface SearchResult {
  products: PublicProduct[];
  /** How many active products match, whatever the limit. */
  total: number;
}

/**
 * A term as one text-search query: the word as a prefix, or any of its synonyms as a whole
 * (stemmed) word ('tshirt:* | tee | shirt'). Words are letters and digits only (domain/search.ts).
 */
const termQuery = (term: SearchTerm) =>
  sql`to_tsquery('english', ${[`${term.word}:*`, ...term.synonyms].join(' | ')})`;

/** A term matches a product by its text, or by its placement ('women': the women's line). */
function termMatches(term: SearchTerm): SQL {
  const text = sql`${document} @@ ${termQuery(term)}`;
  if (term.placements.length === 0) return text;
  const placements = sql`array[${sql.join(
    term.placements.map((placement) => sql`${placement}`),
    sql`, `,
  )}]::text[]`;
  return sql`(${text} or ${products.placement} && ${placements})`;
}

/**
 * Active products matching every word of the query (name, description, colour, category and
 * tags), best first. Each word matches by full-text search with prefixes ('hood' finds
 * hoodies, 'tees' finds tee), or by a synonym of the table in domain/search-synonyms.ts
 * ('tshirt' finds tees, 'gray' grey, 'women' the Gracefully Chosen line); a word that finds
 * nothing that way (a typo: 'hodie') matches by trigram similarity instead. Both use the indexes
 * of migration 0004. Any text is safe: words are letters and digits only (domain/search.ts), and
 * every value is a bound parameter.
 */
export async function searchProducts(options: { db: Database; query: string }): Promise<SearchResult> {
  const terms = searchTerms(options.query);
  if (terms.length === 0) return { products: [], total: 0 };
  const { db } = options;

  // Which words the catalogue contains as written or through a synonym (an index probe each).
  const probes = terms.map(
    (term, index) =>
      sql`exists (select 1 from ${products} where ${products.isActive} and ${termMatches(term)}) as ${sql.identifier(`w${index}`)}`,
  );
  const known = await db.execute<Record<string, boolean>>(sql`select ${sql.join(probes, sql`, `)}`);
  const exact = terms.map((_, index) => known.rows[0]?.[`w${index}`] === true);

  const conditions: SQL[] = [eq(products.isActive, true)];
  const ranks: SQL[] = [sql`0`];
  const similarities: SQL[] = [sql`0`];
  terms.forEach((term, index) => {
    if (exact[index]) {
      conditions.push(termMatches(term));
      ranks.push(sql`ts_rank(${document}, ${termQuery(term)})`);
    } else {
      conditions.push(sql`${term.word} <% ${shortText}`);
      similarities.push(sql`word_similarity(${term.word}, ${shortText})`);
    }
  });
  const textRank = sql<number>`(${sql.join(ranks, sql` + `)})`.mapWith(Number);
  const similarity = sql<number>`(${sql.join(similarities, sql` + `)})`.mapWith(Number);

  const read = (executor: Pick<Database, 'select'>) =>
    executor
      .select({ product: products, textRank, similarity, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(products)
      .where(and(...conditions))
      .orderBy(sql`${textRank} + ${similarity} desc`, products.name)
      .limit(CANDIDATE_LIMIT);

  const rows = exact.every(Boolean)
    ? await read(db)
    : await db.transaction(async (tx) => {
        // For this transaction only: the `<%` operator (and its index) use this threshold.
        await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${TYPO_SIMILARITY}, true)`);
        return read(tx);
      });

  const ranked = rankSearchResults(
    rows.map((row) => ({ name: row.product.name, textRank: row.textRank, similarity: row.similarity, row })),
    terms.map(termWords),
  );
  return {
    products: await withStock(
      db,
      ranked.slice(0, SEARCH_RESULT_LIMIT).map((entry) => toPublicProduct(entry.row.product)),
    ),
    total: rows[0]?.total ?? 0,
  };
}
