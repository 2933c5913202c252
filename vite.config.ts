import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';

const root = import.meta.dirname;

/**
 * STYLE.md convention 1: server code never reaches the browser. React Router already
 * refuses `*.server.ts` in client code; this also refuses anything under server/.
 */
function serverOnlyGuard(): Plugin {
  const serverDir = path.join(root, 'server') + path.sep;
  return {
    name: 'wyf:server-only-guard',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (this.environment.name !== 'client' || options.ssr) return null;
      // The dev server's critical-CSS walk looks route modules up by URL, as if from the
      // (absent) index.html, and follows their loaders' imports too; no browser loads that.
      if (importer === undefined || importer === path.join(root, 'index.html')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (resolved && resolved.id.startsWith(serverDir) && !resolved.id.endsWith('.d.ts')) {
        throw new Error(
          `Server-only module ${path.relative(root, resolved.id)} imported by browser code ${
            importer ? path.relative(root, importer) : ''
          }`,
        );
      }
      return null;
    },
  };
}

/** Root and the catalogue pages: their static imports form the shared shop chunk. */
const STOREFRONT_ROUTES = [
  'root.tsx',
  'routes/_index.tsx',
  // The six collection pages (one module, app/routes.ts) and search.
  'routes/collection-page.tsx',
  'routes/search.tsx',
].map((file) => path.join(root, 'app', file));

/** React, React DOM and React Router keep the framework chunks Vite gives them. */
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/;

/**
 * One browser chunk for the code every storefront page loads up front (header, product card,
 * cart store, domain rules, icons), instead of some twenty small chunks: fewer requests on a
 * slow phone and less per-chunk overhead. Only modules the storefront routes import statically
 * join it, so lazy dialogs, the account pages and the admin stay in their own chunks.
 */
function shopChunk(): Plugin {
  const members = new Set<string>();
  return {
    name: 'wyf:shop-chunk',
    applyToEnvironment: (environment) => environment.name === 'client',
    buildEnd() {
      members.clear();
      const strip = (id: string) => id.split('?')[0]!;
      const queue = [...this.getModuleIds()].filter((id) => STOREFRONT_ROUTES.includes(strip(id)));
      const seen = new Set(queue);
      while (queue.length > 0) {
        const id = queue.shift()!;
        if (!STOREFRONT_ROUTES.includes(strip(id))) members.add(id);
        for (const next of this.getModuleInfo(id)?.importedIds ?? []) {
          if (!seen.has(next)) {
            seen.add(next);
            queue.push(next);
          }
        }
      }
    },
    config(_config, { command }) {
      if (command !== 'build') return;
      return {
        environments: {
          client: {
            build: {
              rolldownOptions: {
                output: {
                  codeSplitting: {
                    groups: [
                      // Claimed first, so the shop group's dependencies never pull React in.
                      { name: 'framework', test: FRAMEWORK, priority: 2 },
                      { name: 'shop', test: (id: string) => members.has(id), priority: 1 },
                    ],
                  },
                },
              },
            },
          },
        },
      };
    },
  };
}

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);
/** Text files worth compressing; images (WebP, PNG, JPEG) are compressed already. */
const COMPRESSIBLE = /\.(js|css|svg|json|txt|xml|ico|webmanifest)$/;

/** Every file under a folder, recursively. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * The browser's text files (the bundle and the public folder's) are also written gzip- and
 * brotli-compressed, at the highest levels, beside the originals (`.gz`, `.br`): the server
 * sends them as they are (server/http/create-app.ts), so no request compresses a file and each
 * is as small as either format makes it (decision 022). Files under 1 kB gain less than their
 * headers cost.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'wyf:precompress',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    writeBundle(options) {
      outDir = options.dir ?? '';
    },
    // After the bundle and the public folder are both in place.
    async closeBundle() {
      if (!outDir) return;
      const files = (await filesUnder(outDir)).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const bytes = await readFile(file);
          if (bytes.length < 1024) return;
          const [gz, br] = await Promise.all([
            gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
            brotli(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } }),
          ]);
          await Promise.all([writeFile(`${file}.gz`, gz), writeFile(`${file}.br`, br)]);
        }),
      );
    },
  };
}

export default defineConfig({
  // No .env for the browser bundle: settings reach the server through process.env only.
  envDir: false,
  plugins: [serverOnlyGuard(), tailwindcss(), reactRouter(), shopChunk(), precompress()],
  resolve: {
    alias: {
      '~': path.join(root, 'app'),
      '@domain': path.join(root, 'domain'),
      '@server': path.join(root, 'server'),
    },
  },
  build: {
    // Assets are content-hashed; served with immutable caching by server/http.
    assetsInlineLimit: 2048,
    // Rolldown's "slowest callbacks" timing block reads like an error to an operator.
    rolldownOptions: { checks: { bundlerTimings: false } },
  },
  server: {
    // The dev server runs inside server/main.ts (middleware mode).
    hmr: true,
  },
});
