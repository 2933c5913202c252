// Issue 30 probe: every route of the build and a few files, asked with every method (TRACE,
// OPTIONS, PROPFIND and CONNECT-free others), with no body, broken JSON and a broken form, over
// real sockets. Prints how many answers were 5xx and which.
// node bench/probes/method-fuzz.mjs PORT
import http from 'node:http';
import path from 'node:path';
import { readdirSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const port = Number(process.argv[2]);
const root = path.resolve(import.meta.dirname, '../..');
const build = await import(pathToFileURL(path.join(root, 'build/server/index.js')).href);
const routes = build.routes;
const fullPath = (id) => {
  const route = routes[id];
  const parent = route.parentId ? fullPath(route.parentId) : '';
  return [parent, route.path ?? ''].filter(Boolean).join('/');
};
const SAMPLE = {
  slug: 'faith-over-fear-tee',
  id: '00000000-0000-4000-8000-000000000000',
  sessionId: 'cs_x',
  name: 'x',
  '*': 'x/y',
};
const paths = new Set(['/favicon.ico', '/robots.txt', '/healthz']);
paths.add(`/assets/${readdirSync(path.join(root, 'build/client/assets')).find((f) => f.endsWith('.js'))}`);
for (const id of Object.keys(routes)) {
  const pattern = fullPath(id);
  paths.add('/' + pattern.replace(/:(\w+)\??/g, (_, name) => SAMPLE[name] ?? 'x').replace(/\*/g, 'x/y'));
}
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'PROPFIND'];
const BODIES = [null, ['application/json', '{"a":'], ['application/x-www-form-urlencoded', 'a=%00&b=%ZZ']];
function send(method, target, body) {
  return new Promise((resolve) => {
    const headers = { Origin: `http://127.0.0.1:${port}` };
    if (body) Object.assign(headers, { 'Content-Type': body[0], 'Content-Length': Buffer.byteLength(body[1]) });
    const request = http.request(
      { host: '127.0.0.1', port, method, path: target, headers, agent: false },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode));
      },
    );
    request.on('error', () => resolve('error'));
    request.end(body ? body[1] : undefined);
  });
}
let total = 0;
const failures = [];
for (const target of paths) {
  for (const method of METHODS) {
    for (const body of BODIES) {
      if (!body && method !== 'GET' && method !== 'HEAD' && method !== 'TRACE' && method !== 'OPTIONS') continue;
      const status = await send(method, target, body);
      total += 1;
      if (status === 'error' || status >= 500) failures.push(`${method} ${target} ${body?.[0] ?? ''} -> ${status}`);
    }
  }
}
console.log(
  JSON.stringify({
    requests: total,
    paths: paths.size,
    fiveHundreds: failures.length,
    failures: failures.slice(0, 20),
  }),
);
