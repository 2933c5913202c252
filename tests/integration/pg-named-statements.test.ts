/**
 * Named statements on PostgreSQL (server/db/pg-named-statements.ts): data statements are planned
 * once per connection, the rest pass through, and a plan that no longer fits its table after
 * another process's migration is not an outage. PostgreSQL only (skipped without DATABASE_URL).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_NAMED_PER_CONNECTION, NamedStatementClient } from '../../server/db/pg-named-statements';

const serverUrl = process.env.DATABASE_URL;
const table = `named_statements_${process.pid}`;

describe.skipIf(!serverUrl)('named statements on PostgreSQL', () => {
  let pool: pg.Pool;
  const namedOn = async (client: pg.PoolClient) =>
    (await client.query<{ name: string }>('select name from pg_prepared_statements')).rows.map((row) => row.name);

  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: serverUrl, max: 1, Client: NamedStatementClient });
    await pool.query(`drop table if exists ${table}`);
    await pool.query(`create table ${table} (id int primary key, name text)`);
  });
  afterAll(async () => {
    await pool.query(`drop table if exists ${table}`);
    await pool.end();
  });

  it('plans a data statement once per connection, and answers as unnamed statements do', async () => {
    const client = await pool.connect();
    try {
      await client.query({ text: `insert into ${table} (id, name) values ($1, $2)` }, [1, 'a']);
      const select = { text: `select id, name from ${table} where id = $1`, rowMode: 'array' as const };
      expect((await client.query(select, [1])).rows).toEqual([[1, 'a']]);
      const named = await namedOn(client);
      expect(named.filter((name) => name.startsWith('wyf_'))).toHaveLength(2);
      expect((await client.query(select, [1])).rows).toEqual([[1, 'a']]);
      expect(await namedOn(client)).toEqual(named);
      // Text queries, DDL and callback queries are not named.
      await client.query(`select 1`);
      await client.query({ text: `create temporary table if not exists scratch (n int)` });
      expect((await namedOn(client)).length).toBe(named.length);
    } finally {
      client.release();
    }
  });

  it('keeps a constraint error as it is', async () => {
    await expect(pool.query({ text: `insert into ${table} (id, name) values ($1, $2)` }, [1, 'b'])).rejects.toMatchObject(
      { code: '23505' },
    );
  });

  it('answers after another process changes the table under a kept plan', async () => {
    const client = await pool.connect();
    try {
      const everything = { text: `select * from ${table} where id = $1` };
      expect((await client.query(everything, [1])).rows).toEqual([{ id: 1, name: 'a' }]);
      const other = new pg.Client({ connectionString: serverUrl });
      await other.connect();
      await other.query(`alter table ${table} add column extra int`);
      await other.end();
      expect((await client.query(everything, [1])).rows).toEqual([{ id: 1, name: 'a', extra: null }]);
    } finally {
      client.release();
    }
  });

  it(`names at most ${MAX_NAMED_PER_CONNECTION} statements on one connection`, async () => {
    const client = await pool.connect();
    try {
      for (let n = 0; n < MAX_NAMED_PER_CONNECTION + 20; n++) {
        await client.query({ text: `select $1::int + ${n} as v` }, [n]);
      }
      expect((await namedOn(client)).length).toBeLessThanOrEqual(MAX_NAMED_PER_CONNECTION);
      expect((await client.query({ text: `select $1::int + 1 as v` }, [1])).rows).toEqual([{ v: 2 }]);
    } finally {
      client.release();
    }
  });
});
