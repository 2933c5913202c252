#!/usr/bin/env node
/**
 * The npm registry mirror this project is built against lacks some platform builds
 * (darwin, win32, android ... variants of @tailwindcss/oxide and @rollup/rollup). `npm install`
 * then leaves them out of package-lock.json, and `npm ci` refuses the lock as out of sync.
 * This adds a lock entry, marked optional with its os/cpu/libc, for every optional platform
 * package a locked package names but the lock lacks; npm skips them on other platforms, so
 * nothing is downloaded. Run after `npm install` changes the lock: `node scripts/complete-lockfile.mjs`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const lockPath = path.join(root, 'package-lock.json');
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const packages = lock.packages;

const OS = ['android', 'darwin', 'freebsd', 'linux', 'openbsd', 'openharmony', 'win32', 'sunos', 'aix', 'netbsd'];
const CPU = ['arm64', 'arm', 'x64', 'ia32', 'loong64', 'ppc64', 'riscv64', 's390x', 'wasm32', 'mips64el'];

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.find((p) => CPU.includes(p));
  const libc = parts.find((p) => p === 'musl' || p === 'gnu' || p.startsWith('gnueabi') || p.startsWith('musleabi'));
  const entry = {};
  if (os) entry.os = [os];
  if (cpu) entry.cpu = [cpu];
  if (os === 'linux' && libc) entry.libc = [libc.startsWith('musl') ? 'musl' : 'glibc'];
  return entry;
}

let added = 0;
for (const [key, info] of Object.entries(packages)) {
  if (!key || !info.optionalDependencies) continue;
  for (const [dependency, version] of Object.entries(info.optionalDependencies)) {
    const nested = `${key}/node_modules/${dependency}`;
    const hoisted = `node_modules/${dependency}`;
    if (packages[nested] || packages[hoisted]) continue;
    const platform = platformOf(dependency);
    if (!platform.os && !platform.cpu) continue; // not a platform build: leave it to npm
    packages[hoisted] = { version, dev: info.dev || undefined, optional: true, ...platform };
    added += 1;
  }
}

const sorted = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
lock.packages = sorted;
writeFileSync(lockPath, JSON.stringify(lock, null, 2) + '\n');
console.log(`complete-lockfile: added ${added} platform entries`);
