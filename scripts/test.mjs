#!/usr/bin/env node
/**
 * `npm test`: every test. Builds the production bundle, runs Vitest (unit, components,
 * integration) and then Playwright against the production server. Browser tests use
 * CHROME_PATH or /usr/bin/chromium; where neither exists, Debian's chromium is installed
 * when we are root with apt, otherwise we stop with one line saying what to install.
 * Nothing is skipped silently.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const args = process.argv.slice(2);
const e2eOnly = args.includes('--e2e-only');
const vitestOnly = args.includes('--no-e2e');

function run(command, commandArgs, env = {}) {
  const result = spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function findChromium() {
  if (process.env.CHROME_PATH && existsSync(process.env.CHROME_PATH)) return process.env.CHROME_PATH;
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log('Installing Debian chromium for the browser tests (apt-get)...');
    const env = { DEBIAN_FRONTEND: 'noninteractive' };
    run('apt-get', ['update', '-qq'], env);
    if (run('apt-get', ['install', '-y', '-qq', 'chromium'], env) === 0 && existsSync('/usr/bin/chromium')) {
      return '/usr/bin/chromium';
    }
  }
  console.error(
    'Browser tests need Chromium: install it (Debian/Ubuntu: apt-get install chromium) or set CHROME_PATH to a Chromium or Chrome binary.',
  );
  process.exit(1);
}

const chromium = vitestOnly ? undefined : findChromium();
const results = [];

console.log('\n> Building the production bundle (react-router build)');
if (run(bin('react-router'), ['build'], { NODE_ENV: 'production' }) !== 0) process.exit(1);

mkdirSync(path.join(root, 'test-results'), { recursive: true });
if (!e2eOnly) {
  console.log('\n> Vitest: unit, components, integration');
  const report = path.join(root, 'test-results/vitest.json');
  const status = run(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile=${report}`]);
  const summary = existsSync(report) ? JSON.parse(readFileSync(report, 'utf8')) : undefined;
  results.push({
    name: 'vitest',
    status,
    passed: summary?.numPassedTests ?? 0,
    failed: summary?.numFailedTests ?? (status === 0 ? 0 : 1),
  });
}

if (!vitestOnly) {
  console.log('\n> Playwright: browser tests against the production server');
  const report = path.join(root, 'test-results/playwright.json');
  // playwright.config.ts writes its JSON report to test-results/playwright.json.
  const status = run(bin('playwright'), ['test'], { CHROME_PATH: chromium });
  const summary = existsSync(report) ? JSON.parse(readFileSync(report, 'utf8')) : undefined;
  results.push({
    name: 'playwright',
    status,
    passed: summary?.stats?.expected ?? 0,
    failed: (summary?.stats?.unexpected ?? (status === 0 ? 0 : 1)) + (summary?.stats?.flaky ?? 0),
  });
}

const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = results.reduce((sum, r) => sum + r.failed, 0);
const anyFailed = results.some((r) => r.status !== 0);
console.log('');
for (const r of results) console.log(`${r.name}: ${r.passed} passed, ${r.failed} failed`);
console.log(`${passed} passed, ${anyFailed && failed === 0 ? 1 : failed} failed`);
process.exit(anyFailed ? 1 : 0);
