import { PGlite, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedPglite, type PreparedPglite } from './pglite-prepared';

const prepared = async (client: PreparedPglite) =>
  (await client.query<{ name: string }>('select name from pg_prepared_statements order by name')).rows.map(
    (row) => row.name,
  );

describe('preparedPglite', () => {
  let pglite: PGlite;
  let client: PreparedPglite;

  beforeAll(async () => {
    pglite = await PGlite.create();
    client = preparedPglite(pglite, { maxStatements: 4 });
    await client.query('create table t (id int primary key, name text, at timestamptz, tags text[], data jsonb)');
  });
  afterAll(() => pglite.close());

  it('answers as PGlite does: types both ways, object and array rows, affected rows', async () => {
    const at = new Date('2026-11-27T09:00:00Z');
    await client.query('insert into t values ($1, $2, $3, $4, $5)', [1, 'a', at, ['x', 'y'], { k: 1 }]);
    const direct = await pglite.query('select * from t where id = $1', [1]);
    const ours = await client.query('select * from t where id = $1', [1]);
    expect(ours.rows).toEqual(direct.rows);
    expect(ours.rows).toEqual([{ id: 1, name: 'a', at, tags: ['x', 'y'], data: { k: 1 } }]);
    expect(ours.fields).toEqual(direct.fields);
    expect((await client.query('select id, name from t where id = $1', [1], { rowMode: 'array' })).rows).toEqual([
      [1, 'a'],
    ]);
    // A query's own parsers (Drizzle keeps timestamps as text) over the instance's.
    const asText = { parsers: { [types.TIMESTAMPTZ]: (value: string) => value } };
    const [row] = (
      await client.query<{ at: unknown; tags: unknown }>('select at, tags from t where id = $1', [1], asText)
    ).rows;
    expect(typeof row!.at).toBe('string');
    expect(new Date(row!.at as string).getTime()).toBe(at.getTime());
    expect(row!.tags).toEqual(['x', 'y']);
    expect((await client.query('update t set name = $1 where id = $2', ['b', 1])).affectedRows).toBe(1);
    expect((await client.query('select name from t where id = $1', [null])).rows).toEqual([]);
  });

  it('parses a data statement once and runs it by name after that', async () => {
    const text = 'select name from t where id = $1 and $2::int > 0';
    await client.query(text, [1, 1]);
    const named = await prepared(client);
    await client.query(text, [1, 2]);
    expect(await prepared(client)).toEqual(named);
    expect(named.some((name) => name.startsWith('wyf'))).toBe(true);
  });

  it('keeps at most maxStatements, closing the least recently used', async () => {
    for (let n = 0; n < 10; n++) await client.query(`select ${n} + $1::int as v`, [n]);
    expect(client.keptCount()).toBe(4);
    expect((await prepared(client)).length).toBeLessThanOrEqual(5);
    expect((await client.query('select 3 + $1::int as v', [3])).rows).toEqual([{ v: 6 }]);
  });

  it('gives PGlite errors with the query, and a failed statement leaves the next one working', async () => {
    await expect(client.query('insert into t (id) values ($1)', [1])).rejects.toMatchObject({
      code: '23505',
      constraint: 't_pkey',
      query: 'insert into t (id) values ($1)',
    });
    await expect(client.query('select * from t where id = $1', ['not a number'])).rejects.toMatchObject({
      code: '22P02',
    });
    await expect(client.query('select * from missing where id = $1', [1])).rejects.toMatchObject({ code: '42P01' });
    expect((await client.query('select count(*)::int as n from t where id > $1', [0])).rows).toEqual([{ n: 1 }]);
  });

  it('commits and rolls back transactions, and its statements outlive a rollback', async () => {
    await client.transaction(async (tx) => {
      await tx.query('insert into t (id, name) values ($1, $2)', [2, 'kept']);
    });
    await expect(
      client.transaction(async (tx) => {
        await tx.query('insert into t (id, name) values ($1, $2)', [3, 'gone']);
        await tx.query('insert into t (id, name) values ($1, $2)', [2, 'duplicate']);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    const ids = await client.query<{ id: number }>('select id from t where id > $1 order by id', [0]);
    expect(ids.rows.map((row) => row.id)).toEqual([1, 2]);
    await client.transaction(async (tx) => {
      await tx.query('insert into t (id, name) values ($1, $2)', [4, 'rolled back']);
      await tx.rollback();
    });
    expect((await client.query('select id from t where id = $1', [4])).rows).toEqual([]);
    await expect(
      client.transaction(async (tx) => {
        await tx.rollback();
        await tx.query('select 1 + $1::int', [1]);
      }),
    ).rejects.toThrow('Transaction is closed');
  });

  it('gives the later runs of a kept statement the fields and rows PGlite gives, from the description it kept', async () => {
    const text = 'select id, name, at, tags from t where id = any($1::int[]) order by id';
    const expected = await pglite.query(text, [[1, 2]], { rowMode: 'array' });
    for (let run = 0; run < 3; run++) {
      const result = await client.query(text, [[1, 2]], { rowMode: 'array' });
      expect(result.fields).toEqual(expected.fields);
      expect(result.rows).toEqual(expected.rows);
    }
    // A statement that returns no rows has no description to keep.
    expect((await client.query('update t set name = name where id = $1', [-1])).affectedRows).toBe(0);
    expect((await client.query('update t set name = name where id = $1', [-1])).fields).toEqual([]);
  });

  it('forgets its statements when the schema changes, so a kept plan never outlives its table', async () => {
    await client.query('select * from t where id = $1', [1]);
    await client.query('alter table t add column extra int');
    expect(client.keptCount()).toBe(0);
    expect((await client.query('select * from t where id = $1', [1])).rows[0]).toMatchObject({ id: 1, extra: null });
  });

  it('waits for a transaction in progress before a statement outside it', async () => {
    const order: string[] = [];
    await Promise.all([
      client.transaction(async (tx) => {
        await tx.query('update t set name = $1 where id = $2', ['in transaction', 1]);
        await new Promise((resolve) => setTimeout(resolve, 30));
        order.push('committed');
      }),
      client.query<{ name: string }>('select name from t where id = $1', [1]).then((result) => {
        order.push(`read ${result.rows[0]!.name}`);
      }),
    ]);
    expect(order).toEqual(['committed', 'read in transaction']);
  });

  it('names its statements apart from another client on the same PGlite', async () => {
    const other = preparedPglite(pglite);
    await other.query('select name from t where id = $1', [1]);
    await client.query('select name from t where id = $1', [1]);
    expect((await other.query('select name from t where id = $1', [1])).rows).toEqual([{ name: 'in transaction' }]);
  });
});
