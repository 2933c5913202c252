/**
 * The HTML of `/` stays within twice the bench's yardstick's (issue 15: a bare React Router
 * page with a header, a hero and six cards; bench/yardstick). Both are built and served here
 * and fetched the way `npm run bench` fetches them (no user agent: a browser's page). A size,
 * not a timing.
 */
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probe } from '../../tools/measure/http';
import { buildShop, startServer, type RunningServer } from '../../tools/measure/server';
import { createTestShop, type TestShop } from '../support/test-shop';

const ROOT = path.resolve(import.meta.dirname, '../..');

let shop: TestShop;
let server: ServerType;
let shopUrl: string;
let yardstick: RunningServer;

beforeAll(async () => {
  await buildShop(ROOT, 120_000, path.join(ROOT, 'bench/yardstick'));
  yardstick = await startServer({
    root: ROOT,
    dataDir: os.tmpdir(),
    databaseUrl: undefined,
    startTimeoutMs: 30_000,
    stopGraceMs: 5_000,
    script: 'bench/yardstick/server.mjs',
  });
  shop = await createTestShop();
  server = serve({ fetch: shop.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  shopUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 180_000);

afterAll(async () => {
  await yardstick?.stop();
  await new Promise((resolve) => server?.close(resolve));
  await shop?.close();
});

describe('HTML of the home page', () => {
  it('is at most twice the yardstick page, with six product cards in it', async () => {
    const [mine, theirs] = await Promise.all([probe(shopUrl, '/'), probe(yardstick.baseUrl, '/')]);
    expect(mine.status).toBe(200);
    expect(theirs.status).toBe(200);
    expect(mine.body.toString('utf8').match(/<article class="card"/g)).toHaveLength(6);
    expect(theirs.body.toString('utf8')).toContain('</html>'); // the yardstick's page, whole
    // Bytes, as the bench counts them.
    expect(mine.body.length, `shop ${mine.body.length} B, yardstick ${theirs.body.length} B`).toBeLessThanOrEqual(
      2 * theirs.body.length,
    );
  });
});
