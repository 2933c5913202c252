#!/usr/bin/env node
// `npm start`: production mode, build what is not built (or is older than the sources), then serve.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.env.NODE_ENV = 'production';

// One process: TypeScript sources of server/ are loaded through tsx's loader.
const { register } = await import('tsx/esm/api');
register();

// A bad setting stops start-up with one line, before any build work.
const dotenv = await import('dotenv');
dotenv.config({ path: path.join(root, '.env'), quiet: true });
const { parseConfig, ConfigError } = await import(pathToFileURL(path.join(root, 'server/config.server.ts')).href);
try {
  parseConfig(process.env);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

function newestMtime(dir) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const serverBuild = path.join(root, 'build/server/index.js');
const sourcesChanged = () => {
  const built = statSync(serverBuild).mtimeMs;
  const sources = ['app', 'domain', 'public'].map((d) => newestMtime(path.join(root, d)));
  const configs = ['vite.config.ts', 'react-router.config.ts', 'package.json'].map((f) =>
    existsSync(path.join(root, f)) ? statSync(path.join(root, f)).mtimeMs : 0,
  );
  return Math.max(...sources, ...configs) > built;
};

// SKIP_BUILD_CHECK=1 (tests) trusts an existing build even if sources look newer.
const trustBuild = process.env.SKIP_BUILD_CHECK === '1';
if (!existsSync(serverBuild) || !existsSync(path.join(root, 'build/client')) || (!trustBuild && sourcesChanged())) {
  console.log('Building the shop (first start or changed sources)...');
  const result = spawnSync(path.join(root, 'node_modules/.bin/react-router'), ['build'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: process.env,
  });
  if (result.status !== 0) {
    console.error('Build failed.');
    process.exit(result.status ?? 1);
  }
}

await import(pathToFileURL(path.join(root, 'server/main.ts')).href);
