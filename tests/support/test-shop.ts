/**
 * The shop as the HTTP shell serves it (production build, real database), driven
 * through `app.request` without a socket. One per test file.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import { createLogger, prepareShop, type PreparedShop } from '../../server/bootstrap';
import { parseConfig } from '../../server/config.server';
import type { AppServices } from '../../server/context';
import type { DatabaseHandle } from '../../server/db/client';
import { createHttpApp } from '../../server/http/create-app';
import { createTestDatabase } from './test-database';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const TEST_ADMIN_PASSCODE = 'test-passcode-1234';

export interface TestShop {
  app: ReturnType<typeof createHttpApp>;
  shop: PreparedShop;
  database: DatabaseHandle & { url?: string };
  dataDir: string;
  /** Sends a request as if from `clientIp` (default 203.0.113.7). */
  request(pathname: string, init?: RequestInit & { clientIp?: string }): Promise<Response>;
  close(): Promise<void>;
}

export interface TestShopOptions {
  /** Test-only service overrides (e.g. a stub `auth.getViewer`), merged over the real ones. */
  services?: Partial<AppServices>;
}

export async function createTestShop(env: Record<string, string> = {}, options: TestShopOptions = {}): Promise<TestShop> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'wyf-test-'));
  const config = parseConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ADMIN_PASSCODE: TEST_ADMIN_PASSCODE,
    PUBLIC_URL: 'http://shop.test',
    ...env,
  });
  const database = await createTestDatabase();
  const shop = await prepareShop({ config, logger: createLogger(config), database });
  if (options.services) Object.assign(shop.services, options.services);
  const build = (await import(pathToFileURL(path.join(ROOT, 'build/server/index.js')).href)) as ServerBuild;
  const app = createHttpApp({
    services: shop.services,
    database,
    build,
    clientDir: path.join(ROOT, 'build/client'),
    uploadsDir: path.join(dataDir, 'uploads'),
    mode: 'production',
  });
  return {
    app,
    shop,
    database,
    dataDir,
    request(pathname, init = {}) {
      const { clientIp = '203.0.113.7', ...rest } = init;
      const url = new URL(pathname, 'http://shop.test');
      return Promise.resolve(
        app.request(url.toString(), rest, { incoming: { socket: { remoteAddress: clientIp } } } as never),
      );
    },
    async close() {
      await shop.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
