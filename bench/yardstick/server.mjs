#!/usr/bin/env node
// The bench's yardstick server: Hono on @hono/node-server, production build, static assets, SSR.
//   node bench/yardstick/server.mjs   (PORT, HOST; after `react-router build` in bench/yardstick)
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// Before React and React Router load, so that they pick their production builds.
process.env.NODE_ENV = 'production';
const { serve } = await import('@hono/node-server');
const { Hono } = await import('hono');
const { compress } = await import('hono/compress');
const { createRequestHandler } = await import('react-router');
const dir = path.dirname(fileURLToPath(import.meta.url));
const clientDir = path.join(dir, 'build/client');
const build = await import(pathToFileURL(path.join(dir, 'build/server/index.js')).href);
const handler = createRequestHandler(build, 'production');

const TYPES = { '.js': 'text/javascript', '.css': 'text/css', '.ico': 'image/x-icon', '.json': 'application/json' };
const app = new Hono();
// Like any production server: gzip when the client asks for it.
app.use(compress());
app.get('/assets/*', async (c) => {
  const file = path.join(clientDir, path.normalize(c.req.path));
  if (!file.startsWith(clientDir + path.sep)) return c.notFound();
  try {
    const body = await readFile(file);
    return c.body(body, 200, {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'cache-control': 'public, max-age=31536000, immutable',
    });
  } catch {
    return c.notFound();
  }
});
app.all('*', (c) => handler(c.req.raw));

const port = Number(process.env.PORT ?? 3100);
const hostname = process.env.HOST ?? '127.0.0.1';
serve({ fetch: app.fetch, port, hostname }, () => console.log(`yardstick running at http://${hostname}:${port}`));
