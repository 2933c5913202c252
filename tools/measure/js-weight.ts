/**
 * JavaScript a browser loads for a page: every <script src>, <link rel="modulepreload">, import in
 * inline module scripts, and (transitively) the static imports of those files, same-origin /assets/*.js.
 * Each file is gzipped at level 9 here, so the figure does not depend on the server's compression.
 */
import { gzipSync } from 'node:zlib';
import { probe } from './http';
import { round } from './util';

export type JsKind = 'framework' | 'app';

export interface JsFile {
  path: string;
  /** How it was found: script, modulepreload, inline-import, static-import. */
  via: string;
  status: number;
  rawBytes: number;
  gzipBytes: number;
  /** Libraries recognised in the file (by content or name): react, react-dom, react-router. */
  libraries: string[];
  kind: JsKind;
}

export interface JsWeight {
  page: string;
  pageStatus: number;
  files: JsFile[];
  totalRawBytes: number;
  totalGzipBytes: number;
  frameworkGzipBytes: number;
  appGzipBytes: number;
}

/** Markers that survive minification (error messages, property names, Symbol.for keys). */
const LIBRARY_MARKERS: { library: string; content: string[]; name: RegExp }[] = [
  { library: 'react-dom', content: ['__reactContainer$', '__reactFiber$', '__reactProps$'], name: /react-dom/i },
  {
    library: 'react-router',
    content: [
      'You cannot render a <Router> inside another <Router>',
      'useNavigate() may be used only',
      '__reactRouterVersion',
    ],
    name: /react-router/i,
  },
  {
    library: 'react',
    content: ['react.transitional.element', 'react.element'],
    name: /(^|[^-])react(?![-\w])|jsx-runtime/i,
  },
];

function librariesIn(fileName: string, source: string): string[] {
  return LIBRARY_MARKERS.filter(
    ({ content, name }) => name.test(fileName) || content.some((marker) => source.includes(marker)),
  ).map(({ library }) => library);
}

const attr = (tag: string, name: string): string | undefined =>
  new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i')
    .exec(tag)
    ?.slice(1)
    .find((v) => v !== undefined);

/** Static `import ... from "x"`, `import "x"`, `export ... from "x"` (not dynamic import()). */
export const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*["']([^"']+\.m?js)["']/g;
const DYNAMIC_IMPORT = /\bimport\(\s*["']([^"']+\.m?js)["']\s*\)/g;

export async function measureJsWeight(baseUrl: string, page = '/'): Promise<JsWeight> {
  const html = await probe(baseUrl, page, { headers: { 'accept-encoding': 'identity' } });
  const text = html.body.toString('utf8');
  const origin = new URL(baseUrl).origin;
  const found = new Map<string, string>(); // path -> via
  const add = (ref: string | undefined, via: string, relativeTo: string) => {
    if (!ref) return;
    const url = new URL(ref, relativeTo);
    if (url.origin !== origin || !url.pathname.startsWith('/assets/') || !/\.m?js$/.test(url.pathname)) return;
    if (!found.has(url.pathname)) found.set(url.pathname, via);
  };
  const pageUrl = new URL(page, `${baseUrl}/`).href;

  // Document order, so that a file is listed under the first way the browser learns about it.
  for (const match of text.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>|<link\b[^>]*>/gi)) {
    const [tag, attrs, body = ''] = match;
    if (attrs === undefined) {
      const rel = (attr(tag, 'rel') ?? '').toLowerCase().split(/\s+/);
      if (rel.includes('modulepreload')) add(attr(tag, 'href'), 'modulepreload', pageUrl);
      continue;
    }
    add(attr(attrs, 'src'), 'script', pageUrl);
    if (/type\s*=\s*["']?module/i.test(attrs)) {
      for (const m of body.matchAll(STATIC_IMPORT)) add(m[1], 'inline-import', pageUrl);
      for (const m of body.matchAll(DYNAMIC_IMPORT)) add(m[1], 'inline-import', pageUrl);
    }
  }

  const files: JsFile[] = [];
  const queue = [...found.keys()];
  for (let i = 0; i < queue.length; i++) {
    const assetPath = queue[i]!;
    const response = await probe(baseUrl, assetPath, { headers: { 'accept-encoding': 'identity' } });
    const source = response.body.toString('utf8');
    const fileName = assetPath.split('/').pop() ?? assetPath;
    const libraries = response.status === 200 ? librariesIn(fileName, source) : [];
    files.push({
      path: assetPath,
      via: found.get(assetPath)!,
      status: response.status,
      rawBytes: response.body.length,
      gzipBytes: gzipSync(response.body, { level: 9 }).length,
      libraries,
      kind: libraries.length > 0 ? 'framework' : 'app',
    });
    if (response.status !== 200) continue;
    const fileUrl = new URL(assetPath, `${baseUrl}/`).href;
    for (const m of source.matchAll(STATIC_IMPORT)) {
      const before = found.size;
      add(m[1], 'static-import', fileUrl);
      if (found.size > before) queue.push([...found.keys()].pop()!);
    }
  }

  files.sort((a, b) => b.gzipBytes - a.gzipBytes);
  const sum = (list: JsFile[], key: 'rawBytes' | 'gzipBytes') => list.reduce((total, f) => total + f[key], 0);
  return {
    page,
    pageStatus: html.status,
    files,
    totalRawBytes: sum(files, 'rawBytes'),
    totalGzipBytes: sum(files, 'gzipBytes'),
    frameworkGzipBytes: sum(
      files.filter((f) => f.kind === 'framework'),
      'gzipBytes',
    ),
    appGzipBytes: sum(
      files.filter((f) => f.kind === 'app'),
      'gzipBytes',
    ),
  };
}

export const kB = (bytes: number) => round(bytes / 1000, 1);
