/** Small helpers shared by the harness: logging, time limits, clean-up registry, statistics. */
import { reaperAdd, reaperRemove, type ReapSpec } from './reaper';

const started = Date.now();

/** Progress goes to stderr so that stdout carries only the summary. */
export function log(...parts: unknown[]): void {
  const seconds = ((Date.now() - started) / 1000).toFixed(1).padStart(6);
  process.stderr.write(`[bench ${seconds}s] ${parts.map((p) => (typeof p === 'string' ? p : String(p))).join(' ')}\n`);
}

export class TimeoutError extends Error {
  constructor(label: string, ms: number) {
    super(`${label} did not finish within ${Math.round(ms / 1000)} s`);
    this.name = 'TimeoutError';
  }
}

/** Rejects with TimeoutError after `ms` (and calls onTimeout, e.g. to kill a process). */
export async function withTimeout<T>(
  promise: Promise<T>,
  ms: number,
  label: string,
  onTimeout?: () => void,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      try {
        onTimeout?.();
      } finally {
        reject(new TimeoutError(label, ms));
      }
    }, ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

interface CleanupTask {
  id: number;
  name: string;
  fn: () => Promise<void> | void;
}

const cleanupTasks: CleanupTask[] = [];
let nextId = 1;
let closed = false;

/**
 * Registers clean-up work (run last-in first-out); returns a function that unregisters it (call it
 * once the work has been done the normal way). `reap` also tells the out-of-process safety net
 * (reaper.ts) what to remove should the harness die without cleaning up.
 * After closeCleanup() (the run is being interrupted) the work runs at once instead, so that a
 * process started in the meantime (e.g. the next Chromium) does not outlive the harness.
 */
export function onCleanup(name: string, fn: () => Promise<void> | void, reap?: ReapSpec): () => void {
  const id = nextId++;
  if (reap) reaperAdd(id, reap);
  if (closed) {
    void Promise.resolve()
      .then(fn)
      .then(() => reaperRemove(id))
      .catch((error: unknown) => log(`clean-up "${name}" failed: ${errorMessage(error)}`));
    return () => {};
  }
  const task: CleanupTask = { id, name, fn };
  cleanupTasks.push(task);
  return () => {
    const index = cleanupTasks.indexOf(task);
    if (index >= 0) cleanupTasks.splice(index, 1);
    reaperRemove(id);
  };
}

/** From now on onCleanup() runs its work immediately. */
export function closeCleanup(): void {
  closed = true;
}

/** Runs every registered task once, newest first, each bounded to 30 s; never throws. */
export async function runCleanup(): Promise<void> {
  while (cleanupTasks.length > 0) {
    const task = cleanupTasks.pop()!;
    try {
      await withTimeout(Promise.resolve().then(task.fn), 30_000, `clean-up "${task.name}"`);
      reaperRemove(task.id);
    } catch (error) {
      // Left registered with the reaper, which tries again when the harness has exited.
      log(`clean-up "${task.name}" failed: ${errorMessage(error)}`);
    }
  }
}

export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function round(value: number, digits = 0): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** Reads a positive number from the environment, or returns the default. */
export function envNumber(name: string, fallback: number, { allowZero = false } = {}): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || (!allowZero && value === 0)) {
    throw new Error(`${name} must be a ${allowZero ? 'non-negative' : 'positive'} number (got "${raw}")`);
  }
  return value;
}

/** True for hosts that stay on this machine. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127(?:\.\d{1,3}){3}$/.test(host);
}

export type Align = 'left' | 'right';

/** Plain-text table: header row, separator, rows; numbers are right-aligned by default. */
export function table(headers: string[], rows: (string | number | null | undefined)[][], align?: Align[]): string {
  const cells = rows.map((row) => headers.map((_, i) => formatCell(row[i])));
  const widths = headers.map((h, i) => Math.max(h.length, ...cells.map((row) => row[i]!.length)));
  const alignments = headers.map(
    (_, i) => align?.[i] ?? (rows.every((row) => typeof row[i] === 'number' || row[i] == null) ? 'right' : 'left'),
  );
  const line = (values: string[]) =>
    values
      .map((v, i) => (alignments[i] === 'right' ? v.padStart(widths[i]!) : v.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(headers), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n');
}

function formatCell(value: string | number | null | undefined): string {
  if (value == null) return '-';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return '-';
    return Number.isInteger(value)
      ? value.toLocaleString('en-US')
      : value.toLocaleString('en-US', { maximumFractionDigits: 2 });
  }
  return value;
}
