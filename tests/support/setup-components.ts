import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { consoleErrorPolicy } from './console-error-policy';

// STYLE.md: any console.error in a test fails it, unless the test expects it
// (call `allowConsoleError()` from tests/support/console-error-policy).
let consoleError: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  consoleErrorPolicy.allowed = false;
  consoleError = vi.spyOn(console, 'error');
});
afterEach(() => {
  cleanup();
  const calls = consoleError.mock.calls;
  consoleError.mockRestore();
  if (calls.length > 0 && !consoleErrorPolicy.allowed) {
    throw new Error(`console.error was called: ${calls.map((c: unknown[]) => c.join(' ')).join('\n')}`);
  }
});
