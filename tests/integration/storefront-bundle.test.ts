/**
 * The JavaScript a shopper's browser loads on the catalogue pages (issue 7's budget): at most
 * 30 kB gzip of the shop's own code beyond React, React DOM and React Router, in a handful of
 * files, and never the admin's code. Sizes of the production build, measured the way
 * `npm run bench` measures them (bench/lib/js-weight.ts); no timing involved.
 */
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measureJsWeight } from '../../bench/lib/js-weight';
import { createTestShop, type TestShop } from '../support/test-shop';

const APP_JS_BUDGET = 30_000;
/** Strings only the admin's browser code carries (its session header, its data-fetching library). */
const ADMIN_MARKERS = ['X-Admin-Session', 'No QueryClient set'];

let shop: TestShop;
let server: ServerType;
let baseUrl: string;

beforeAll(async () => {
  shop = await createTestShop();
  server = serve({ fetch: shop.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await shop.close();
});

describe.each(['/', '/t-shirts', '/new-arrivals'])('JavaScript of %s', (page) => {
  it('stays within 30 kB gzip of app code, in a few files, without admin code', async () => {
    const weight = await measureJsWeight(baseUrl, page);
    expect(weight.pageStatus).toBe(200);
    expect(weight.files.every((file) => file.status === 200)).toBe(true);
    expect(weight.frameworkGzipBytes).toBeGreaterThan(90_000); // React and React Router were found
    expect(weight.appGzipBytes).toBeLessThanOrEqual(APP_JS_BUDGET);
    expect(weight.files.length).toBeLessThanOrEqual(8);

    for (const file of weight.files) {
      expect(path.basename(file.path)).not.toMatch(/^admin/);
      const source = await readFile(path.join(import.meta.dirname, '../../build/client', file.path), 'utf8');
      for (const marker of ADMIN_MARKERS) expect(source, `${file.path} holds ${marker}`).not.toContain(marker);
    }
  });
});
