/**
 * The project folder, found from this module's own location by walking up to package.json:
 * the same answer whether the server runs from its TypeScript sources (development, tests)
 * or from the compiled bundle under build/ (production, scripts/build-server.mjs).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(from: string): string {
  let dir = from;
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${from}`);
    dir = parent;
  }
  return dir;
}

export const ROOT = findRoot(path.dirname(fileURLToPath(import.meta.url)));
