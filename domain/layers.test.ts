/**
 * Guard: the three floors import downwards only (ARCHITECTURE.md). domain/ imports nothing
 * outside itself (but its libraries); app/ reaches server/ only from route modules, the
 * root route and the server entry, which run on the server; browser components get their
 * types from domain/ (the admin's wire types are domain/admin-contract.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => path.join(dir, file));
}

function importsOf(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  return [...text.matchAll(IMPORT)].map((match) => match[1] ?? match[2]!);
}

function resolvesInto(file: string, specifier: string, floor: string): boolean {
  if (specifier.startsWith('@server/')) return floor === 'server';
  if (specifier.startsWith('~/')) return floor === 'app';
  if (specifier.startsWith('@domain/')) return floor === 'domain';
  if (!specifier.startsWith('.')) return false;
  const target = path.relative(ROOT, path.resolve(ROOT, path.dirname(file), specifier));
  return target === floor || target.startsWith(`${floor}${path.sep}`);
}

const SERVER_SIDE_APP = /^app\/(routes\/|root\.tsx$|entry\.server\.tsx$)/;

describe('layers', () => {
  it('domain/ imports nothing from app/ or server/', () => {
    const wrong = sources('domain').flatMap((file) =>
      importsOf(file)
        .filter((specifier) => resolvesInto(file, specifier, 'app') || resolvesInto(file, specifier, 'server'))
        .map((specifier) => `${file} -> ${specifier}`),
    );
    expect(wrong).toEqual([]);
  });

  it('app/ imports server/ only from routes, the root route and the server entry', () => {
    const wrong = sources('app')
      .filter((file) => !SERVER_SIDE_APP.test(file))
      .flatMap((file) =>
        importsOf(file)
          .filter((specifier) => resolvesInto(file, specifier, 'server'))
          .map((specifier) => `${file} -> ${specifier}`),
      );
    expect(wrong).toEqual([]);
  });

  it('server/ imports nothing from app/', () => {
    const wrong = sources('server').flatMap((file) =>
      importsOf(file)
        .filter((specifier) => resolvesInto(file, specifier, 'app'))
        .map((specifier) => `${file} -> ${specifier}`),
    );
    expect(wrong).toEqual([]);
  });

  it('finds the imports it checks (the scanner is not blind)', () => {
    expect(importsOf('app/routes/api.admin.stats.ts')).toContain('@server/orders/get-dashboard-stats');
    expect(importsOf('app/components/admin/dashboard-tab.tsx')).toContain('@domain/admin-contract');
  });
});
