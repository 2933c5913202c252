import path from 'node:path';
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

export default defineConfig({
  plugins: [serverOnlyGuard(), tailwindcss(), reactRouter()],
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
  },
  server: {
    // The dev server runs inside server/main.ts (middleware mode).
    hmr: true,
  },
});
