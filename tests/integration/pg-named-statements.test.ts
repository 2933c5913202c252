/**
 * Named statements on PostgreSQL (server/db/pg-named-statements.ts): data statements are planned
 * once per connection, the rest pass through, and a plan that no longer fits its table after
 * another process's migration is not an outage. PostgreSQL only (skipped without DATABASE_URL).
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
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
      expect(named.filter((name) => /^wyf\d+_/.test(name))).toHaveLength(2);
      expect((await client.query(select, [1])).rows).toEqual([[1, 'a']]);
      expect(await namedOn(client)).toEqual(named);
      // Text queries and DDL are not named.
      await client.query(`select 1`);
      await client.query({ text: `create temporary table if not exists scratch (n int)` });
      expect((await namedOn(client)).length).toBe(named.length);
      // A callback query (the pool's own query passes one) is named and answers through it.
      // node-postgres's (config, values, callback) form, as the pool calls it.
      const withCallback = client.query.bind(client) as unknown as (
        config: { text: string },
        values: unknown[] | undefined,
        callback: (error: Error | undefined, result: pg.QueryResult) => void,
      ) => void;
      const viaCallback = await new Promise<unknown[]>((resolve, reject) =>
        withCallback({ text: `select name from ${table} where id = $1` }, [1], (error, result) =>
          error ? reject(error) : resolve(result.rows),
        ),
      );
      expect(viaCallback).toEqual([{ name: 'a' }]);
      expect((await namedOn(client)).length).toBe(named.length + 1);
      await expect(
        new Promise((resolve, reject) =>
          withCallback({ text: `select nope from ${table}` }, undefined, (error, result) =>
            error ? reject(error) : resolve(result),
          ),
        ),
      ).rejects.toMatchObject({ code: '42703' });
    } finally {
      client.release();
    }
  });

  it("names the statements of the pool's own query (outside a transaction)", async () => {
    const text = `select id from ${table} where id = $1 and name is not null`;
    expect((await pool.query({ text }, [1])).rows).toEqual([{ id: 1 }]);
    const client = await pool.connect();
    try {
      const statements = await client.query<{ statement: string }>('select statement from pg_prepared_statements');
      expect(statements.rows.map((row) => row.statement)).toContain(text);
    } finally {
      client.release();
    }
  });

  it('keeps a constraint error as it is', async () => {
    await expect(
      pool.query({ text: `insert into ${table} (id, name) values ($1, $2)` }, [1, 'b']),
    ).rejects.toMatchObject({ code: '23505' });
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

  it('runs a transaction again, once, when another process changed a table under its kept plan; the other connections plan afresh', async () => {
    const handle = await openDatabase({ databaseUrl: serverUrl!, maxConnections: 2 });
    const alter = async (column: string) => {
      const other = new pg.Client({ connectionString: serverUrl });
      await other.connect();
      await other.query(`alter table ${table} add column ${column} int`);
      await other.end();
    };
    const everything = sql`select * from ${sql.identifier(table)} where id = ${1}`;
    try {
      // Both connections keep the plan of `select *`, inside transactions.
      const first = handle.db.transaction(async (tx) => {
        await tx.execute(everything);
        await new Promise((resolve) => setTimeout(resolve, 50));
      });
      await handle.db.transaction((tx) => tx.execute(everything));
      await first;
      const connections = await handle.pgPool!.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = ''`,
      );
      expect(connections.rows[0]!.n).toBeGreaterThanOrEqual(2);
      await alter('added_later');

      let runs = 0;
      const rows = await handle.db.transaction(async (tx) => {
        runs += 1;
        await tx.execute(sql`update ${sql.identifier(table)} set name = name where id = ${1}`);
        return (await tx.execute(everything)).rows;
      });
      expect(runs).toBe(2);
      expect(rows).toEqual([expect.objectContaining({ id: 1, name: 'a', added_later: null })]);

      // The whole process moved to new names: neither connection fails again.
      const again = await Promise.all(
        [0, 1].map(() =>
          handle.db.transaction(async (tx) => {
            runs += 1;
            await new Promise((resolve) => setTimeout(resolve, 20));
            return (await tx.execute(everything)).rows.length;
          }),
        ),
      );
      expect(again).toEqual([1, 1]);
      expect(runs).toBe(4);
    } finally {
      await handle.close();
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
