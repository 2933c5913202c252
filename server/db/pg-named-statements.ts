/**
 * Named statements on PostgreSQL (issue 31, decision 036): node-postgres parses and plans a
 * statement once per connection when the query carries a `name`, and Drizzle names none unless
 * told to per query. This Client class (the pool's `Client` option) names every data statement
 * by a hash of its text, so the checkout's statements are planned once per connection instead
 * of on every run, as the checkout floor's are.
 *
 * Bounds: at most MAX_NAMED_PER_CONNECTION names per connection (later texts run unnamed, as
 * before), and a connection is replaced after MAX_USES_PER_CONNECTION checkouts from the pool
 * (pool.ts `maxUses`), which drops its statements on the server.
 *
 * Another process's migration can change a table under a kept plan ("cached plan must not
 * change result type" for a `select *` or `returning *`). The first statement to meet it moves
 * the whole process to a new generation of names: every later statement, on every connection,
 * is planned afresh under its new name (the old ones stay unused until their connection is
 * replaced). Outside a transaction the failed query is run again at once; inside one the
 * transaction is aborted, so the error goes up and `retryStalePlanTransactions` (client.ts)
 * runs the whole transaction again, once.
 */
import { createHash } from 'node:crypto';
import pg from 'pg';

/** The statement kinds kept under a name (their plans depend only on the schema). */
const KEPT = /^\s*(?:select|insert|update|delete|with)\b/i;
export const MAX_NAMED_PER_CONNECTION = 300;
export const MAX_USES_PER_CONNECTION = 100_000;
const NAMES_REMEMBERED = 2_000;

/** Bumped when a kept plan no longer fits its table: names of the new generation are new plans. */
let generation = 0;
const generationPrefix = () => `wyf${generation}_`;
const names = new Map<string, string>();
function nameOf(text: string): string {
  let name = names.get(text);
  if (name) return name;
  name = `${generationPrefix()}${createHash('sha1').update(text).digest('base64url')}`;
  if (names.size >= NAMES_REMEMBERED) names.delete(names.keys().next().value!);
  names.set(text, name);
  return name;
}

/** A statement of the current generation met a changed table: the next ones are planned again. */
function staleGeneration(name: string): void {
  if (!name.startsWith(generationPrefix())) return;
  generation += 1;
  names.clear();
}

/** The error (or the error Drizzle's query error wraps) of a kept plan that no longer fits. */
export const isStalePlan = (error: unknown, depth = 0): boolean => {
  const found = error as { code?: string; message?: string; cause?: unknown } | null;
  if (!found || typeof found !== 'object' || depth > 3) return false;
  if (found.code === '0A000' && /cached plan must not change result type/i.test(found.message ?? '')) return true;
  return isStalePlan(found.cause, depth + 1);
};

const BEGINS = /^\s*(?:begin|start\s+transaction)\b/i;
// A transaction's end; `rollback to savepoint` is not one.
const ENDS = /^\s*(?:commit|end|abort|rollback(?!\s+to\b))\b/i;

type QueryConfig = { text: string; name?: string; values?: unknown[]; [key: string]: unknown };

export class NamedStatementClient extends pg.Client {
  #named = new Set<string>();
  #inTransaction = false;

  // node-postgres's overloads: (text | config, values?, callback?). A data statement given as a
  // config without a name is named, promise-style or with a callback (the pool's own `query`,
  // every statement outside a transaction, passes one); everything else passes through.
  override query(...args: unknown[]): never {
    const [config, second, third] = args as [unknown, unknown, unknown];
    this.#noteTransaction(config);
    const named = this.#withName(config);
    if (!named) return (super.query as (...a: unknown[]) => never)(...args);
    const callback = typeof third === 'function' ? third : typeof second === 'function' ? second : undefined;
    const values = typeof second === 'function' ? undefined : second;
    const rest = values === undefined ? [] : [values];
    const run = (super.query as (...a: unknown[]) => Promise<unknown>).bind(this);
    const answer = run(named, ...rest).catch((error: unknown) => {
      if (!isStalePlan(error)) throw error;
      staleGeneration(named.name!);
      // An aborted transaction takes no more statements: the whole of it is run again.
      if (this.#inTransaction) throw error;
      return run(this.#withName(config) ?? config, ...rest);
    });
    if (!callback) return answer as never;
    answer.then(
      (result) => (callback as (error: unknown, result?: unknown) => void)(undefined, result),
      (error: unknown) => (callback as (error: unknown) => void)(error),
    );
    return undefined as never;
  }

  #noteTransaction(config: unknown): void {
    const text = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text;
    // Transaction control statements are short; data statements are not looked at.
    if (typeof text !== 'string' || text.length > 120) return;
    if (BEGINS.test(text)) this.#inTransaction = true;
    else if (ENDS.test(text)) this.#inTransaction = false;
  }

  #withName(config: unknown): QueryConfig | null {
    if (!config || typeof config !== 'object') return null;
    const query = config as QueryConfig;
    if (query.name || typeof query.text !== 'string' || typeof (config as { submit?: unknown }).submit === 'function')
      return null;
    if (!KEPT.test(query.text)) return null;
    const name = nameOf(query.text);
    if (!this.#named.has(name)) {
      if (this.#named.size >= MAX_NAMED_PER_CONNECTION) return null;
      this.#named.add(name);
    }
    return { ...query, name };
  }
}
