/**
 * The JavaScript a shopper's browser loads on the catalogue pages: at most 20 kB gzip beyond
 * the framework floor (issue 15; the floor is the bench's yardstick, a bare React Router page:
 * React, React DOM and React Router plus 2.9 kB of its own entry, root and runtime), in a
 * handful of files, and never the admin's code. Sizes of the production build, measured the way
 * `npm run bench` measures them (tools/measure/js-weight.ts); no timing involved.
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { serve, type ServerType } from '@hono/node-server';
import type { ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measureJsWeight, STATIC_IMPORT } from '../../tools/measure/js-weight';
import { createTestShop, type TestShop } from '../support/test-shop';

/** The shop's code beyond the framework chunk: 20 kB over the floor, whose own code is 2.9 kB. */
const APP_JS_BUDGET = 22_900;
/** Strings only the admin's browser code carries (its session header, its data-fetching library). */
const ADMIN_MARKERS = ['X-Admin-Session', 'No QueryClient set'];
/** A type name zod's core keeps through minification. */
const ZOD_MARKER = '$ZodArray';
const CLIENT_DIR = path.join(import.meta.dirname, '../../build/client');

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
  it('stays within 20 kB gzip of the framework floor, in a few files, without admin code', async () => {
    const weight = await measureJsWeight(baseUrl, page);
    expect(weight.pageStatus).toBe(200);
    expect(weight.files.every((file) => file.status === 200)).toBe(true);
    expect(weight.frameworkGzipBytes).toBeGreaterThan(90_000); // React and React Router were found
    expect(weight.appGzipBytes).toBeLessThanOrEqual(APP_JS_BUDGET);
    expect(weight.files.length).toBeLessThanOrEqual(8);

    for (const file of weight.files) {
      expect(path.basename(file.path)).not.toMatch(/^admin/);
      const source = await readFile(path.join(CLIENT_DIR, file.path), 'utf8');
      for (const marker of ADMIN_MARKERS) expect(source, `${file.path} holds ${marker}`).not.toContain(marker);
    }
  });
});

/**
 * Route modules and everything they import statically, read from the build (as
 * measureJsWeight follows them over HTTP, for pages it cannot open signed out).
 */
function staticClosure(modules: string[]): Map<string, string> {
  const files = new Map<string, string>();
  const queue = [...modules];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (files.has(file)) continue;
    const source = readFileSync(path.join(CLIENT_DIR, file), 'utf8');
    files.set(file, source);
    for (const match of source.matchAll(STATIC_IMPORT)) queue.push(new URL(match[1]!, `http://build${file}`).pathname);
  }
  return files;
}

describe('every shopper page, the signed-in ones too', async () => {
  const build = (await import(
    pathToFileURL(path.join(import.meta.dirname, '../../build/server/index.js')).href
  )) as ServerBuild;
  const pages = Object.entries(build.assets.routes).filter(
    ([id, route]) => !/^routes\/(api\.|admin)/.test(id) && id !== 'root' && route?.module,
  );

  it('are all found', () => {
    expect(pages.map(([id]) => id)).toEqual(
      expect.arrayContaining(['routes/account', 'routes/loyalty', 'routes/cart', 'routes/auth']),
    );
  });

  it.each(pages.map(([id, route]) => [id, route!] as const))('%s loads neither zod nor admin code', (_id, route) => {
    const root = build.assets.routes.root!;
    const files = staticClosure([route.module, ...(route.imports ?? []), root.module, ...(root.imports ?? [])]);
    for (const [file, source] of files) {
      expect(source, `${file} holds zod`).not.toContain(ZOD_MARKER);
      for (const marker of ADMIN_MARKERS) expect(source, `${file} holds ${marker}`).not.toContain(marker);
    }
  });
});
