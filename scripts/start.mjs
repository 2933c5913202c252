#!/usr/bin/env node
// `npm start`: production mode, build what is not built (or is older than the sources), then serve.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.env.NODE_ENV = 'production';

function newestMtime(dir) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}
const mtime = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);
const configs = ['vite.config.ts', 'react-router.config.ts', 'package.json'].map((f) => path.join(root, f));
// SKIP_BUILD_CHECK=1 (tests) trusts an existing build even if sources look newer.
const trustBuild = process.env.SKIP_BUILD_CHECK === '1';

// Production runs compiled JavaScript (decision 019): the server entry is compiled into
// build/node/ (half a second, scripts/build-server.mjs) when missing or older than its sources.
const serverEntry = path.join(root, 'build/node/main.js');
const serverSourcesChanged = () =>
  Math.max(...['server', 'domain'].map((d) => newestMtime(path.join(root, d))), ...configs.map(mtime)) >
  mtime(serverEntry);
async function compileServer() {
  const { buildServer } = await import('./build-server.mjs');
  await buildServer();
}
if (!existsSync(serverEntry) || (!trustBuild && serverSourcesChanged())) await compileServer();

// A bad setting stops start-up with one line, before the page build.
const dotenv = await import('dotenv');
dotenv.config({ path: path.join(root, '.env'), quiet: true });
const { parseConfig, ConfigError } = await import(pathToFileURL(path.join(root, 'build/node/config.server.js')).href);
try {
  parseConfig(process.env);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const serverBuild = path.join(root, 'build/server/index.js');
const sourcesChanged = () => {
  const built = statSync(serverBuild).mtimeMs;
  const sources = ['app', 'domain', 'public'].map((d) => newestMtime(path.join(root, d)));
  return Math.max(...sources, ...configs.map(mtime)) > built;
};
if (!existsSync(serverBuild) || !existsSync(path.join(root, 'build/client')) || (!trustBuild && sourcesChanged())) {
  console.log('Building the shop (first start or changed sources)...');
  const result = spawnSync(path.join(root, 'node_modules/.bin/react-router'), ['build'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: process.env,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  // The build's own warnings go on, but not the line the React Router plugin makes Vite 8 print
  // for each of its inner servers (`envFile: false` is theirs to change; a newcomer reads it as
  // an error). Vite's timing block is off in vite.config.ts.
  const noise = /^The `envFile` option is deprecated/;
  const kept = (result.stderr ?? '').split('\n').filter((line) => !noise.test(line));
  if (kept.join('').trim()) process.stderr.write(kept.join('\n'));
  if (result.status !== 0) {
    console.error('Build failed.');
    process.exit(result.status ?? 1);
  }
  // The page build empties build/, the compiled server with it (a fresh clone's first start).
  if (!existsSync(serverEntry)) await compileServer();
}

await import(pathToFileURL(serverEntry).href);
