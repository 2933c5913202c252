/**
 * The import graph of the TypeScript sources, for the guard tests (domain/layers.test.ts): each
 * file's imports (type-only ones included) resolved the way tsconfig.json resolves them (relative,
 * `~/`, `@server/`, `@domain/`), and the circles in it. Imports of packages, and of React Router's
 * generated `./+types/…` files, are left out: they cannot close a circle of ours.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|(?:^|\n)\s*import\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

const ALIASES: Record<string, string> = { '~/': 'app', '@server/': 'server', '@domain/': 'domain' };

/** Source files (not tests) below the folders, as paths relative to root with `/`. */
export function sourceFiles(root: string, dirs: readonly string[]): string[] {
  return dirs.flatMap((dir) =>
    readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.includes('node_modules'))
      .map((file) => path.posix.join(dir, file.split(path.sep).join('/'))),
  );
}

/** The import specifiers written in a file. */
export function specifiersOf(root: string, file: string): string[] {
  const text = readFileSync(path.join(root, file), 'utf8');
  return [...text.matchAll(IMPORT)].map((match) => (match[1] ?? match[2] ?? match[3])!);
}

/** The file (relative to root) a specifier names, or null for a package or a generated file. */
export function resolveImport(root: string, file: string, specifier: string): string | null {
  let base: string;
  const alias = Object.keys(ALIASES).find((prefix) => specifier.startsWith(prefix));
  if (alias) base = path.join(root, ALIASES[alias]!, specifier.slice(alias.length));
  else if (specifier.startsWith('.')) base = path.resolve(root, path.dirname(file), specifier);
  else return null;
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ]) {
    if (existsSync(candidate) && statSync(candidate).isFile())
      return path.relative(root, candidate).split(path.sep).join('/');
  }
  return null;
}

export type ImportGraph = Map<string, string[]>;

export function importGraph(root: string, dirs: readonly string[]): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const file of sourceFiles(root, dirs)) {
    const targets = specifiersOf(root, file)
      .map((specifier) => resolveImport(root, file, specifier))
      .filter((target): target is string => target !== null);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Every circle: the strongly connected groups of more than one file, or a file importing itself (Tarjan). */
export function importCircles(graph: ImportGraph): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (file: string) => {
    indexOf.set(file, index);
    low.set(file, index);
    index += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!graph.has(target)) continue;
      if (!indexOf.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, indexOf.get(target)!));
      }
    }
    if (low.get(file) === indexOf.get(file)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== file);
      if (group.length > 1 || (graph.get(file) ?? []).includes(file)) circles.push(group.sort());
    }
  };
  for (const file of graph.keys()) if (!indexOf.has(file)) visit(file);
  return circles;
}
