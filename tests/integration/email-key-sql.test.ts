/**
 * `emailKeySql` (server/db/email-key-sql.ts) is the SQL twin of the domain's
 * `normalizeDiscountEmail`: the same key for every address below on PGlite and PostgreSQL, and
 * the expression of `orders_email_key_idx`, so a first-order code's lookup can read the index.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeDiscountEmail } from '../../domain/discount';
import { migrateDatabase, type DatabaseHandle } from '../../server/db/client';
import { emailKeySql } from '../../server/db/email-key-sql';
import { orders } from '../../server/db/schema';
import { createTestDatabase } from '../support/test-database';

const ADDRESSES = [
  'grace@example.com',
  'Grace.Shopper+fair@Gmail.com',
  'grace.shopper@googlemail.com',
  'g.r.a.c.e@gmail.com',
  '  Ruth+one+two@Example.org ',
  'first.last@example.co.uk',
  '+tag@example.com',
  'a@b',
  'no-at-sign',
  '@example.com',
  'two@at@example.com',
  'dots.stay@outlook.com',
  'mail@gmail.com.evil.test',
  'UPPER@GOOGLEMAIL.COM',
  'ünïcode.Name+x@gmail.com',
  '',
];

describe('emailKeySql', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
    await migrateDatabase(handle);
  });
  afterAll(async () => handle?.close());

  it('gives the key normalizeDiscountEmail gives', async () => {
    for (const address of ADDRESSES) {
      const { rows } = await handle.db.execute<{ key: string }>(
        sql`select ${emailKeySql(sql`${address}::text`)} as key`,
      );
      expect({ address, key: rows[0]!.key }).toEqual({ address, key: normalizeDiscountEmail(address) });
    }
  });

  it('is the expression of orders_email_key_idx: a lookup by key can read the index', async () => {
    const plan = await handle.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const { rows } = await tx.execute<Record<string, string>>(
        sql`explain select id from ${orders} where ${emailKeySql(orders.email)} = ${'grace@gmail.com'}`,
      );
      return rows.map((row) => Object.values(row)[0]).join('\n');
    });
    expect(plan).toContain('orders_email_key_idx');
  });
});
