import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests run against the production build on a free port, with the embedded
 * database in a fresh temporary DATA_DIR. Chromium is Debian's (never downloaded).
 */
const port = Number(process.env.E2E_PORT ?? 4300 + Math.floor(Math.random() * 2000));
process.env.E2E_PORT = String(port);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'wyf-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
export const E2E_ADMIN_PASSCODE = 'e2e-admin-passcode';

const chromeFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: chromeFlags,
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } },
  ],
  webServer: {
    command: 'node scripts/start.mjs',
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_PASSCODE: E2E_ADMIN_PASSCODE,
      LOG_LEVEL: 'warn',
      SKIP_BUILD_CHECK: '1',
      ADMIN_REFRESH_MS: '2000',
      // Tests that count per-address limits name their own client in X-Forwarded-For.
      TRUST_PROXY: 'loopback',
    },
  },
});
