#!/usr/bin/env node
// Compiles the server entry (server/main.ts and what it imports from server/ and domain/) into
// plain JavaScript at build/node/, so production runs no TypeScript loader (decision 019).
// Packages stay external: node_modules is resolved at run time as before.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function buildServer() {
  await build({
    absWorkingDir: root,
    entryPoints: {
      main: 'server/main.ts',
      'config.server': 'server/config.server.ts',
      'create-embedded': 'server/db/create-embedded-cli.ts',
    },
    outdir: 'build/node',
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    alias: { '@domain': './domain', '@server': './server' },
    sourcemap: true,
    logLevel: 'warning',
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildServer();
}
