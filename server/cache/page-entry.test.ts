import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildPageEntry } from './page-entry';

const page = (words: number) =>
  `<!doctype html><html><body>${Array.from({ length: words }, (_, n) => `<p>faith ${n * 7919}</p>`).join('')}</body></html>`;

describe('buildPageEntry', () => {
  it('keeps the three encodings in one allocation of exactly their bytes (issue 30: no 16 kB brotli chunk per entry)', async () => {
    const html = page(1200);
    const entry = await buildPageEntry({
      body: Buffer.from(html),
      headers: new Headers({ 'content-type': 'text/html; charset=utf-8' }),
      nonce: '',
      tags: ['page:home'],
      now: 1,
    });
    expect(entry.br.length).toBeLessThan(16 * 1024);
    const held = new Set([entry.identity.buffer, entry.gzip.buffer, entry.br.buffer]);
    expect(held.size).toBe(1);
    expect(entry.identity.buffer.byteLength).toBe(entry.identity.length + entry.gzip.length + entry.br.length);
    expect(entry.identity.toString()).toBe(html);
    expect(gunzipSync(entry.gzip).toString()).toBe(html);
    expect(brotliDecompressSync(entry.br).toString()).toBe(html);
  });
});
