import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { measureJsonAnswers } from './measure-json-answers';

function shell() {
  const app = new Hono();
  app.use('*', compress({ threshold: 1024 }));
  app.use('*', measureJsonAnswers);
  app.get('/small', () => Response.json({ sessionId: 'cs_1', url: '/sandbox/checkout/cs_1' }));
  app.get('/large', () => Response.json({ rows: Array.from({ length: 200 }, (_, n) => ({ n, name: `row ${n}` })) }));
  app.get('/page', () => new Response(`<p>${'faith '.repeat(500)}</p>`, { headers: { 'content-type': 'text/html' } }));
  app.get('/problem', (c) => c.json({ error: 'Quantity must be a whole number' }, 400));
  return app;
}
const get = (path: string) => shell().request(path, { headers: { 'accept-encoding': 'gzip, br' } });

describe('measureJsonAnswers', () => {
  it('gives a small JSON answer its length, so it is sent as it is', async () => {
    for (const path of ['/small', '/problem']) {
      const answer = await get(path);
      expect(answer.headers.get('content-encoding')).toBeNull();
      const body = await answer.text();
      expect(answer.headers.get('content-length')).toBe(String(Buffer.byteLength(body)));
      expect(JSON.parse(body)).toBeTruthy();
    }
    expect((await get('/problem')).status).toBe(400);
  });

  it('does not read the body of an answer that is not JSON (a page stays a buffer for the Node adapter)', async () => {
    let reads = 0;
    const app = new Hono();
    app.use('*', measureJsonAnswers);
    app.get('/page', () => {
      const page = new Response('<p>faith</p>', { headers: { 'content-type': 'text/html' } });
      const body = page.body;
      Object.defineProperty(page, 'body', {
        get: () => {
          reads += 1;
          return body;
        },
      });
      return page;
    });
    const answer = await app.request('/page');
    expect(reads).toBe(0);
    expect(answer.headers.get('content-length')).toBeNull();
  });

  it('leaves a large JSON answer and other answers to the compression', async () => {
    const large = await get('/large');
    expect(large.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(Buffer.from(await large.arrayBuffer())).toString()).rows).toHaveLength(200);
    expect((await get('/page')).headers.get('content-encoding')).toBe('gzip');
  });
});
