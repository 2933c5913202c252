import path from 'node:path';
import { defineConfig } from 'vitest/config';

const root = import.meta.dirname;
const alias = {
  '~': path.join(root, 'app'),
  '@domain': path.join(root, 'domain'),
  '@server': path.join(root, 'server'),
};

// The React Router Vite plugin is not used under Vitest; tests import modules directly.
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          environment: 'node',
          sequence: { groupOrder: 0 },
          include: ['domain/**/*.test.ts', 'server/**/*.test.ts', 'app/**/*.test.ts', 'bench/lib/*.test.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'components',
          environment: 'jsdom',
          sequence: { groupOrder: 1 },
          include: ['app/**/*.test.tsx'],
          setupFiles: ['tests/support/setup-components.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          environment: 'node',
          sequence: { groupOrder: 2 },
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/support/integration-global-setup.ts'],
          setupFiles: ['tests/support/setup-integration.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Two cores: each file gets its own database; two files at a time.
          maxWorkers: 2,
        },
      },
    ],
  },
});
