/**
 * What the guard tests read in the sources: the texts a person could read (string literals,
 * template parts, JSX text; not comments, identifiers or import paths), and which files to read.
 * Used by domain/rule-literals.test.ts (rules restated) and domain/us-english.test.ts (spelling).
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** The texts a person could read in a TypeScript/TSX source: string literals, template parts, JSX text. */
export function readableLiterals(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(
    fileName,
    source,
    ts.ScriptTarget.Latest,
    true,
    fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const texts: string[] = [];
  const visit = (node: ts.Node) => {
    const isModulePath =
      node.parent !== undefined && (ts.isImportDeclaration(node.parent) || ts.isExportDeclaration(node.parent));
    if (
      (ts.isStringLiteral(node) && !isModulePath) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node) ||
      ts.isJsxText(node)
    ) {
      texts.push(node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return texts;
}

/** The TypeScript and JavaScript modules under `dir`, tests and generated route types left out. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'node_modules' || entry.name.startsWith('+') ? [] : sourceFiles(full);
    return /\.(ts|tsx|mts|mjs)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}
