/**
 * Issue 32 item 8 through HTTP on a real database (PGlite, or PostgreSQL with DATABASE_URL):
 * search finds what people type, through the one synonym table (domain/search-synonyms.ts):
 * 'tshirt', 'tee', 't shirt' find the t-shirts; 'gray' finds grey; 'sweatshirt' the hoodies;
 * 'hat' the cap; 'women' or 'womens' the Gracefully Chosen line.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRAND_LINE_PLACEMENT_TAG } from '../../domain/brand';
import { products } from '../../server/db/schema';
import { cardTitles } from '../support/card-titles';
import { createTestShop, type TestShop } from '../support/test-shop';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(async () => {
  await shop?.close();
});

/** The titles /search shows for `query`, sorted. */
async function found(query: string): Promise<string[]> {
  const response = await shop.request(`/search?q=${encodeURIComponent(query)}`);
  expect(response.status, query).toBe(200);
  return cardTitles(await response.text()).sort();
}

/** The names of the active products the database says are in `category` or have `placement`. */
async function names(where: { category?: string; placement?: string }): Promise<string[]> {
  const rows = await shop.database.db
    .select({ name: products.name })
    .from(products)
    .where(
      where.category
        ? sql`${products.isActive} and ${products.category} = ${where.category}`
        : sql`${products.isActive} and ${where.placement!} = any(${products.placement})`,
    );
  return rows.map((row) => row.name).sort();
}

describe('search synonyms', () => {
  it("'tshirt', 'tee', 't shirt' and 't-shirt' find the t-shirts, and nothing else", async () => {
    const tShirts = await names({ category: 't-shirts' });
    expect(tShirts).toHaveLength(4);
    for (const query of ['tshirt', 'tshirts', 'tee', 'Tees', 't shirt', 'T-Shirt', 't-shirts', 'shirt']) {
      expect(await found(query), query).toEqual(tShirts);
    }
  });

  it("'gray' finds what is grey, as 'grey' does", async () => {
    expect(await found('grey')).toEqual(['Faith Over Fear Hoodie']);
    expect(await found('gray')).toEqual(['Faith Over Fear Hoodie']);
    expect(await found('heather gray hoodie')).toEqual(['Faith Over Fear Hoodie']);
  });

  it("'sweatshirt' finds the hoodies", async () => {
    const hoodies = await names({ category: 'hoodies' });
    expect(hoodies).toHaveLength(4);
    for (const query of ['sweatshirt', 'Sweatshirts', 'sweat shirt', 'hoodie']) {
      expect(await found(query), query).toEqual(hoodies);
    }
  });

  it("'hat' finds the cap", async () => {
    for (const query of ['hat', 'hats', 'cap', 'baseball cap']) {
      expect(await found(query), query).toEqual(['Cross Embroidered Cap']);
    }
  });

  it("'women' and 'womens' find the Gracefully Chosen line, whose products do not say 'women'", async () => {
    const line = await names({ placement: BRAND_LINE_PLACEMENT_TAG });
    expect(line.length).toBeGreaterThan(2);
    for (const query of ['women', 'womens', "women's", 'Ladies']) {
      expect(await found(query), query).toEqual(line);
    }
    // With another word, both must match: the line's hoodies only.
    expect(await found('womens hoodie')).toEqual(['Grace Upon Grace Hoodie']);
    expect(await found('women tee')).toEqual(line.filter((name) => name.endsWith('Tee')));
  });

  it('a synonym never drags in what the word does not mean, and typos still work', async () => {
    expect(await found('hat')).not.toContain('Faith Canvas Tote Bag');
    expect(await found('gray')).not.toContain('Grace Upon Grace Hoodie');
    expect(await found('sweatshrit')).toEqual([]); // a typo of a synonym is not guessed
    expect(await found('hodie')).toEqual(await names({ category: 'hoodies' }));
  });
});
