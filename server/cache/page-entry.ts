/**
 * Turns one rendered anonymous page into a page cache entry (decision 018), once per fill:
 * - the CSP: the render's nonce is taken out of the HTML and the policy lists the SHA-256
 *   hashes of the page's inline scripts instead, so the bytes are the same for every visitor;
 * - the bytes: identity, gzip and brotli, so a hit is sent without rendering or compressing;
 * - a strong ETag of the identity bytes.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { PageEntry } from './page-cache-store';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** Headers a stored entry does not keep: they are set per answer or belong to one connection. */
const PER_ANSWER_HEADERS = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'etag',
  'cache-control',
  'vary',
  'date',
  'set-cookie',
  'connection',
  'keep-alive',
  'x-page-cache',
]);

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
/** Data blocks are never run, so a policy need not list them. */
const DATA_BLOCK_TYPE = /\btype\s*=\s*["']?application\/(?:ld\+)?json/i;

/** The policy sources ('sha256-...') of the inline scripts a browser would run. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const [, attributes = '', content = ''] = match;
    if (/\bsrc\s*=/i.test(attributes) || DATA_BLOCK_TYPE.test(attributes)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(content, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/** The response's policy with its nonce source replaced by `sources` (none: just removed). */
export function policyWithSources(policy: string, nonce: string, sources: readonly string[]): string {
  const nonceSource = `'nonce-${nonce}'`;
  if (!nonce || !policy.includes(nonceSource)) return policy;
  return policy.split(nonceSource).join(sources.join(' ')).replace(/ {2,}/g, ' ').replace(/ ;/g, ';');
}

export async function buildPageEntry(options: {
  body: Buffer;
  headers: Headers;
  /** The render's CSP nonce (taken out of the HTML and the policy). */
  nonce: string;
  tags: Iterable<string>;
  now: number;
}): Promise<PageEntry> {
  const { headers, nonce } = options;
  let identity = options.body;
  let sources: string[] = [];
  const isHtml = (headers.get('content-type') ?? '').startsWith('text/html');
  if (isHtml) {
    let html = identity.toString('utf8');
    if (nonce) html = html.split(` nonce="${nonce}"`).join('');
    sources = inlineScriptHashes(html);
    identity = Buffer.from(html, 'utf8');
  }
  const kept: [string, string][] = [];
  headers.forEach((value, name) => {
    if (PER_ANSWER_HEADERS.has(name)) return;
    kept.push([name, name === 'content-security-policy' ? policyWithSources(value, nonce, sources) : value]);
  });
  const [gz, br] = await Promise.all([
    gzip(identity, { level: 9 }),
    brotli(identity, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 10,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    }),
  ]);
  // One exact allocation for the three encodings: brotli's answer is a view into its 16 kB output
  // chunk, so keeping it as it is held several times the bytes the cache counts (issue 30).
  const bytes = Buffer.allocUnsafeSlow(identity.length + gz.length + br.length);
  identity.copy(bytes, 0);
  gz.copy(bytes, identity.length);
  br.copy(bytes, identity.length + gz.length);
  const gzipStart = identity.length;
  const brStart = gzipStart + gz.length;
  return {
    headers: kept,
    identity: bytes.subarray(0, gzipStart),
    gzip: bytes.subarray(gzipStart, brStart),
    br: bytes.subarray(brStart),
    etag: createHash('sha256').update(identity).digest('base64url').slice(0, 27),
    tags: [...new Set(options.tags)],
    storedAt: options.now,
  };
}

export type Encoding = 'br' | 'gzip' | 'identity';

/** The best stored encoding the client accepts (Accept-Encoding, q-values honoured). */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  let br = 0;
  let gz = 0;
  let star = -1;
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) || 0 : 1;
    if (name === 'br') br = q;
    else if (name === 'gzip' || name === 'x-gzip') gz = q;
    else if (name === '*') star = q;
  }
  if (star > 0) {
    if (br === 0 && !/\bbr\b/i.test(acceptEncoding)) br = star;
    if (gz === 0 && !/gzip/i.test(acceptEncoding)) gz = star;
  }
  if (br > 0 && br >= gz) return 'br';
  if (gz > 0) return 'gzip';
  return 'identity';
}
