/**
 * Named statements on PostgreSQL (issue 31, decision 036): node-postgres parses and plans a
 * statement once per connection when the query carries a `name`, and Drizzle names none unless
 * told to per query. This Client class (the pool's `Client` option) names every data statement
 * by a hash of its text, so the checkout's statements are planned once per connection instead
 * of on every run, as the checkout floor's are.
 *
 * Bounds: at most MAX_NAMED_PER_CONNECTION names per connection (later texts run unnamed, as
 * before), and a connection is replaced after MAX_USES_PER_CONNECTION checkouts from the pool
 * (pool.ts `maxUses`), which drops its statements on the server. A statement whose kept plan
 * no longer fits its table ("cached plan must not change result type", after another process
 * migrated) switches its connection back to unnamed statements, and that query is run again
 * once, unnamed.
 */
import { createHash } from 'node:crypto';
import pg from 'pg';

/** The statement kinds kept under a name (their plans depend only on the schema). */
const KEPT = /^\s*(?:select|insert|update|delete|with)\b/i;
export const MAX_NAMED_PER_CONNECTION = 300;
export const MAX_USES_PER_CONNECTION = 100_000;
const NAMES_REMEMBERED = 2_000;

const names = new Map<string, string>();
function nameOf(text: string): string {
  let name = names.get(text);
  if (name) return name;
  name = `wyf_${createHash('sha1').update(text).digest('base64url')}`;
  if (names.size >= NAMES_REMEMBERED) names.delete(names.keys().next().value!);
  names.set(text, name);
  return name;
}

const isStalePlan = (error: unknown) =>
  (error as { code?: string } | null)?.code === '0A000' &&
  /cached plan must not change result type/i.test((error as Error).message ?? '');

type QueryConfig = { text: string; name?: string; values?: unknown[]; [key: string]: unknown };

export class NamedStatementClient extends pg.Client {
  #named = new Set<string>();
  #unnamedOnly = false;

  // node-postgres's overloads: (text | config, values?, callback?). Only a promise-style
  // config query without a name is named; everything else passes through unchanged.
  override query(...args: unknown[]): never {
    const [config, values, callback] = args as [unknown, unknown, unknown];
    const named = this.#withName(config, callback ?? values);
    if (!named) return (super.query as (...a: unknown[]) => never)(...args);
    const rest = values === undefined ? [] : [values];
    const run = (super.query as (...a: unknown[]) => Promise<unknown>).bind(this);
    return run(named, ...rest).catch((error: unknown) => {
      if (!isStalePlan(error)) throw error;
      this.#unnamedOnly = true;
      return run(config, ...rest);
    }) as never;
  }

  #withName(config: unknown, callback: unknown): QueryConfig | null {
    if (this.#unnamedOnly || typeof callback === 'function') return null;
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
