/**
 * Guard: the three floors import downwards only (ARCHITECTURE.md). domain/ imports nothing
 * outside itself (but its libraries); app/ reaches server/ only from route modules, the
 * root route and the server entry, which run on the server; browser components get their
 * types from domain/ (the admin's wire types are domain/admin-contract.ts).
 * And (issue 29): no import circle anywhere in app/, server/ and domain/ (type-only imports
 * count); server/payments/ is the provider adapter and imports nothing of server/orders/;
 * the shipped floors import nothing of tests/, bench/, scripts/ or tools/; every dependency
 * of package.json is imported (or run) by something.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCircles, importGraph, resolveImport, sourceFiles, specifiersOf } from '../tests/support/import-graph';

const ROOT = path.resolve(import.meta.dirname, '..');
const FLOORS = ['app', 'server', 'domain'] as const;

function sources(dir: string): string[] {
  return sourceFiles(ROOT, [dir]);
}

function importsOf(file: string): string[] {
  return specifiersOf(ROOT, file);
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

  it('has no import circle in app/, server/ or domain/ (type-only imports included)', () => {
    expect(importCircles(importGraph(ROOT, FLOORS))).toEqual([]);
  });

  it('server/payments/ (the provider adapter) imports nothing of server/orders/', () => {
    const wrong = sources('server/payments').flatMap((file) =>
      importsOf(file)
        .filter((specifier) => resolveImport(ROOT, file, specifier)?.startsWith('server/orders/'))
        .map((specifier) => `${file} -> ${specifier}`),
    );
    expect(wrong).toEqual([]);
  });

  it('app/, server/ and domain/ import nothing of tests/, bench/, scripts/ or tools/', () => {
    const wrong = FLOORS.flatMap((floor) => sources(floor)).flatMap((file) =>
      importsOf(file)
        .filter((specifier) => /^(tests|bench|scripts|tools)\//.test(resolveImport(ROOT, file, specifier) ?? ''))
        .map((specifier) => `${file} -> ${specifier}`),
    );
    expect(wrong).toEqual([]);
  });

  it('every dependency in package.json is imported by some file (or run by an npm script)', () => {
    const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      scripts: Record<string, string>;
    };
    const tracked = execFileSync('git', ['ls-files', '*.ts', '*.tsx', '*.js', '*.mjs'], { cwd: ROOT, encoding: 'utf8' })
      .split('\n')
      .filter(Boolean);
    const imported = new Set<string>();
    const PACKAGE = /(?:from\s+|import\s*\(\s*|import\s+)['"]((?:@[\w.-]+\/)?[\w.-]+)[^'"]*['"]/g;
    for (const file of tracked) {
      for (const match of readFileSync(path.join(ROOT, file), 'utf8').matchAll(PACKAGE)) imported.add(match[1]!);
    }
    const commands = Object.values(manifest.scripts).join(' ');
    const unused = Object.keys(manifest.dependencies).filter(
      (name) => !imported.has(name) && !new RegExp(`(^|[\\s&;])${name}\\s`).test(commands),
    );
    expect(unused).toEqual([]);
  });

  it('finds the imports it checks (the scanner is not blind)', () => {
    expect(importsOf('app/routes/api.admin.stats.ts')).toContain('@server/orders/get-dashboard-stats');
    expect(importsOf('app/components/admin/dashboard-tab.tsx')).toContain('@domain/admin-contract');
    // A type-only import counts, and resolves to its file.
    expect(importGraph(ROOT, ['server']).get('server/context.ts')).toContain('server/payments/payment-provider.ts');
    expect(
      importCircles(
        new Map([
          ['a.ts', ['b.ts']],
          ['b.ts', ['a.ts']],
          ['c.ts', ['a.ts']],
        ]),
      ),
    ).toEqual([['a.ts', 'b.ts']]);
  });
});
