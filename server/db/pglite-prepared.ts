/**
 * Prepared statements for the embedded database (issue 31, decision 036).
 *
 * PGlite's `query()` sends every statement as the unnamed statement, in six separate entries
 * into the engine (parse, describe, bind, describe, execute, sync), and PostgreSQL parses and
 * plans it again each time. This client gives Drizzle the same `query`/`transaction` surface
 * over PGlite's public protocol API (`execProtocolStream`, `protocol.serialize`,
 * `parse.parseResults`, the instance's own serializers and parsers): a data statement is
 * parsed once under a name, and each run is ONE entry (bind, execute, sync), the way
 * node-postgres runs a named statement on PostgreSQL; the rows' description is the one the
 * statement's describe gave when it was parsed (it changes only with the schema).
 *
 * - Only `select`/`insert`/`update`/`delete`/`with` texts are kept, at most `maxStatements`
 *   (least recently used closed first). Anything else (DDL, `set`, `savepoint` ...) runs as the
 *   unnamed statement, as PGlite runs it, and a schema change (`create`, `alter`, `drop` ...)
 *   forgets every kept statement, so no plan outlives the table it was made for.
 * - Exclusivity is PGlite's own: a statement outside a transaction waits for one in progress
 *   and is synced to the file system afterwards; inside one it takes the query lock only.
 * - Results are PGlite's own (`parse.parseResults`), with the query's parsers layered over the
 *   instance's instead of copied with them on every query.
 * - Errors are PGlite's `DatabaseError` with `query`, `params` and `queryOptions`, as `query()`
 *   throws them. A statement with a blob (COPY) goes to PGlite's own `query()`.
 */
import { parse, protocol, type PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';

const { serialize } = protocol;

/** The statement kinds kept under a name (their plans depend only on the schema). */
const KEPT = /^\s*(?:select|insert|update|delete|with)\b/i;
/** Statements after which kept plans may be wrong: every kept statement is forgotten. */
const SCHEMA_CHANGE = /^\s*(?:create|alter|drop|truncate|comment|reindex|cluster|grant|revoke|rename)\b/i;

export const DEFAULT_MAX_STATEMENTS = 400;
/** Each client names its statements apart (two clients may share one PGlite). */
let clients = 0;

interface Kept {
  name: string;
  paramTypes: number[];
  /** The statement's RowDescription as its describe gave it (null: it returns no rows). */
  rowDescription: BackendMessage | null;
}

type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

export interface PreparedPglite {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T>;
  /** The PGlite underneath (backups, LISTEN, simple-protocol exec). */
  readonly pglite: PGlite;
  /** Statements kept under a name now (tests). */
  keptCount(): number;
}

function concat(parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

export function preparedPglite(pglite: PGlite, options: { maxStatements?: number } = {}): PreparedPglite {
  const maxStatements = options.maxStatements ?? DEFAULT_MAX_STATEMENTS;
  /** Text → statement, in least-recently-used order (a Map keeps insertion order). */
  const kept = new Map<string, Kept>();
  let counter = 0;
  const prefix = `wyf${++clients}_`;
  /** Names to close at the next statement (evicted or forgotten). */
  let toClose: string[] = [];

  const send = (parts: Uint8Array[], queryOptions?: QueryOptions) =>
    pglite.execProtocolStream(concat(parts), { syncToFs: false, onNotice: queryOptions?.onNotice });

  /** Closes evicted statements ahead of the next message (one entry into the engine). */
  const closing = (): Uint8Array[] => {
    if (toClose.length === 0) return [];
    const parts = toClose.map((name) => serialize.close({ type: 'S', name }));
    toClose = [];
    return parts;
  };

  async function describe(name: string, text: string, queryOptions?: QueryOptions): Promise<Kept> {
    const messages = await send([
      ...closing(),
      serialize.parse({ name, text, types: queryOptions?.paramTypes }),
      serialize.describe({ type: 'S', name }),
      serialize.sync(),
    ]);
    return {
      name,
      paramTypes: parse.parseDescribeStatementResults(messages),
      rowDescription: messages.find((message) => message.name === 'rowDescription') ?? null,
    };
  }

  async function statementFor(text: string, queryOptions?: QueryOptions): Promise<Kept> {
    const found = kept.get(text);
    if (found) {
      kept.delete(text);
      kept.set(text, found);
      return found;
    }
    if (!KEPT.test(text)) return describe('', text, queryOptions);
    const statement = await describe(`${prefix}${++counter}`, text, queryOptions);
    kept.set(text, statement);
    if (kept.size > maxStatements) {
      const [oldestText, oldest] = kept.entries().next().value as [string, Kept];
      kept.delete(oldestText);
      toClose.push(oldest.name);
    }
    return statement;
  }

  /** One statement; the caller holds PGlite's query lock. */
  async function run<T>(text: string, params: unknown[], queryOptions?: QueryOptions): Promise<Results<T>> {
    try {
      const statement = await statementFor(text, queryOptions);
      const values = params.map((value, index) => {
        if (value === null || value === undefined) return null;
        const type = statement.paramTypes[index]!;
        const serializer = queryOptions?.serializers?.[type] ?? pglite.serializers[type];
        return serializer ? serializer(value) : String(value);
      });
      // No describe of the portal: the statement's own RowDescription, kept from its describe,
      // goes ahead of its rows (a wide row's description cost as much as the statement's run).
      const messages = await send(
        [...closing(), serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync()],
        queryOptions,
      );
      if (SCHEMA_CHANGE.test(text)) forgetAll();
      const described = statement.rowDescription ? [statement.rowDescription, ...messages] : messages;
      return parse.parseResults(described, parsersOf(queryOptions), {
        ...queryOptions,
        parsers: undefined,
      })[0] as Results<T>;
    } catch (error) {
      if (SCHEMA_CHANGE.test(text)) forgetAll();
      if (error && typeof error === 'object') Object.assign(error, { query: text, params, queryOptions });
      throw error;
    }
  }

  /**
   * The instance's parsers with the query's own on top. PGlite's parseResults spreads both into a
   * new object (the instance has over 300) on every query that brings its own, as Drizzle's
   * every query does; a prototype chain gives the same lookups for the cost of the few overrides.
   */
  function parsersOf(queryOptions?: QueryOptions): PGlite['parsers'] {
    if (!queryOptions?.parsers) return pglite.parsers;
    return Object.assign(Object.create(pglite.parsers) as PGlite['parsers'], queryOptions.parsers);
  }

  function forgetAll() {
    for (const statement of kept.values()) toClose.push(statement.name);
    kept.clear();
  }

  const inTransactionQuery =
    (tx: Transaction) =>
    <T>(text: string, params: unknown[] = [], queryOptions?: QueryOptions): Promise<Results<T>> => {
      if (tx.closed) return Promise.reject(new Error('Transaction is closed'));
      if (queryOptions?.blob) return tx.query<T>(text, params, queryOptions);
      return pglite._runExclusiveQuery(() => run<T>(text, params, queryOptions));
    };

  return {
    pglite,
    keptCount: () => kept.size,
    async query<T>(text: string, params: unknown[] = [], queryOptions?: QueryOptions): Promise<Results<T>> {
      if (queryOptions?.blob) return pglite.query<T>(text, params, queryOptions);
      await pglite.waitReady;
      const result = await pglite._runExclusiveTransaction(() =>
        pglite._runExclusiveQuery(() => run<T>(text, params, queryOptions)),
      );
      await pglite.syncToFs();
      return result;
    },
    transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
      return pglite.transaction((tx) => {
        const query = inTransactionQuery(tx);
        const wrapped: Transaction = {
          query,
          sql: tx.sql.bind(tx),
          exec: tx.exec.bind(tx),
          rollback: tx.rollback.bind(tx),
          listen: tx.listen.bind(tx),
          get closed() {
            return tx.closed;
          },
        };
        return work(wrapped);
      });
    },
  };
}
