/**
 * `npm run dev:shopify`: the fake Storefront API on 127.0.0.1:8787 beside the dev shop,
 * so the external catalogue (home Featured Collection, /t-shirts, /hoodies) and the
 * external checkout can be seen locally without a Shopify store.
 * FAKE_SHOPIFY_PORT changes the fake's port; the shop keeps its usual settings (PORT, ...).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { startFakeShopify } from '../tools/fakes/shopify-server';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.FAKE_SHOPIFY_PORT ?? 8787);
const token = 'dev-storefront-token';

const fake = await startFakeShopify({ host: '127.0.0.1', port, token });
console.log(`Fake Shopify Storefront API on ${fake.url}/api/2025-01/graphql.json`);

const shop = spawn('npm', ['run', 'dev'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, SHOPIFY_STORE_DOMAIN: fake.url, SHOPIFY_STOREFRONT_TOKEN: token },
});

let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  if (shop.exitCode === null) shop.kill('SIGTERM');
  await fake.close();
  process.exit(code);
}
shop.on('exit', (code) => void stop(code ?? 0));
process.on('SIGINT', () => void stop(130));
process.on('SIGTERM', () => void stop(143));
