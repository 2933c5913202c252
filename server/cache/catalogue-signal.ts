/**
 * One signal for every catalogue cache of the shop (decision 018): `invalidate(tags)` drops
 * the affected cached pages and the 5-second catalogue lists in this process at once and,
 * on PostgreSQL, in every other process through LISTEN/NOTIFY (delivered within
 * milliseconds of the NOTIFY; the issue asks for within a second).
 *
 * The listening connection is a client of its own (a pooled connection cannot hold LISTEN);
 * NOTIFY goes through the pool. When the listening connection is lost, notices may have been
 * missed: on reconnecting, everything cached is dropped. The embedded database is one
 * process (its DATA_DIR lock): nothing to broadcast. The tags of one turn of the event loop
 * go out as one NOTIFY (issue 31: at rush hour every checkout changes stock, and a NOTIFY per
 * checkout was a round trip on a pooled connection of its own).
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Logger } from 'pino';
import { ALL_CATALOGUE_TAG } from '../../domain/catalogue-tags';

export const CATALOGUE_CHANNEL = 'wyf_catalogue';
/** PostgreSQL refuses payloads of 8000 bytes or more: a longer list becomes "everything". */
const MAX_PAYLOAD = 7_000;
const RECONNECT_MS = [250, 1_000, 2_000, 5_000];

export interface CatalogueSignal {
  /** Drops the tagged entries here and (PostgreSQL) in every other process. */
  invalidate(tags: readonly string[]): void;
  /** Drops them in this process only (a change only this process sees: its Shopify cache). */
  invalidateHere(tags: readonly string[]): void;
  /** True while the PostgreSQL listener is connected (always false on the embedded database). */
  listening(): boolean;
  stop(): Promise<void>;
}

export interface CatalogueSignalOptions {
  logger: Pick<Logger, 'warn' | 'info' | 'debug' | 'error'>;
  /** What the signal drops: the page cache and the catalogue read cache. */
  apply(tags: readonly string[]): void;
  /** PostgreSQL: the listener's connection string, and how NOTIFY is sent (through the pool). */
  postgres?: { databaseUrl: string; notify(channel: string, payload: string): Promise<unknown> };
}

export async function startCatalogueSignal(options: CatalogueSignalOptions): Promise<CatalogueSignal> {
  const { logger, apply, postgres } = options;
  const origin = randomUUID();
  let client: pg.Client | undefined;
  let connected = false;
  let stopped = false;
  let attempt = 0;
  let retryTimer: NodeJS.Timeout | undefined;

  const applySafely = (tags: readonly string[]) => {
    try {
      apply(tags);
    } catch (error) {
      logger.error({ err: error }, 'catalog invalidation failed');
    }
  };

  async function connect(): Promise<void> {
    if (!postgres || stopped) return;
    const next = new pg.Client({ connectionString: postgres.databaseUrl });
    next.on('notification', (message) => {
      if (message.channel !== CATALOGUE_CHANNEL || !message.payload) return;
      try {
        const notice = JSON.parse(message.payload) as { origin?: string; tags?: unknown };
        if (notice.origin === origin || !Array.isArray(notice.tags)) return;
        applySafely(notice.tags.filter((tag): tag is string => typeof tag === 'string'));
      } catch {
        logger.warn({ payload: message.payload.slice(0, 200) }, 'unreadable catalog notice');
      }
    });
    next.on('error', (error) => {
      logger.warn({ err: error }, 'catalog listener connection failed');
      lost(next);
    });
    next.on('end', () => lost(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${CATALOGUE_CHANNEL}`);
    } catch (error) {
      logger.warn({ err: error }, 'catalog listener could not connect; retrying');
      lost(next);
      return;
    }
    if (stopped) {
      await next.end().catch(() => undefined);
      return;
    }
    const reconnected = attempt > 0;
    client = next;
    connected = true;
    attempt = 0;
    // Notices sent while we were away are lost: whatever is cached may be out of date.
    if (reconnected) applySafely([ALL_CATALOGUE_TAG]);
  }

  function lost(which: pg.Client) {
    if (client && client !== which) return;
    if (!connected && client === which) return;
    connected = false;
    client = undefined;
    void which.end().catch(() => undefined);
    if (stopped || retryTimer) return;
    const delay = RECONNECT_MS[Math.min(attempt, RECONNECT_MS.length - 1)]!;
    attempt += 1;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, delay);
    retryTimer.unref();
  }

  /** Tags dropped here and not yet announced to the other processes (sent on the next turn). */
  const unsent = new Set<string>();
  let sending: NodeJS.Immediate | undefined;
  function send(): Promise<void> {
    sending = undefined;
    if (!postgres || unsent.size === 0) return Promise.resolve();
    const tags = [...unsent];
    unsent.clear();
    let payload = JSON.stringify({ origin, tags });
    if (payload.length > MAX_PAYLOAD) payload = JSON.stringify({ origin, tags: [ALL_CATALOGUE_TAG] });
    return postgres.notify(CATALOGUE_CHANNEL, payload).then(
      () => undefined,
      (error: unknown) => {
        logger.warn({ err: error }, 'catalog notice not sent; other processes catch up when their pages age out');
      },
    );
  }

  await connect();

  return {
    invalidate(tags) {
      if (tags.length === 0) return;
      applySafely(tags);
      if (!postgres) return;
      for (const tag of tags) unsent.add(tag);
      if (!sending) sending = setImmediate(send);
    },
    invalidateHere(tags) {
      if (tags.length > 0) applySafely(tags);
    },
    listening: () => connected,
    async stop() {
      if (sending) clearImmediate(sending);
      await send();
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      const current = client;
      client = undefined;
      connected = false;
      await current?.end().catch(() => undefined);
    },
  };
}
