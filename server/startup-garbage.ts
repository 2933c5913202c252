/**
 * One full garbage collection a second after start-up (decision 019). Starting leaves some
 * 35 MB of garbage in the V8 heap (modules read, the migrations check, the seed check) that a
 * process with no traffic may hold for hours, since V8 collects the old generation only as it
 * grows: collected once, that memory goes back to the system. Requests meanwhile wait for it
 * (tens of milliseconds, once).
 */
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';

export const STARTUP_GC_DELAY_MS = 1_000;

export function collectStartupGarbage(): void {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) return exposed();
  // Node offers gc() only with --expose-gc; turned on now, it is given to the next context made.
  v8.setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

/** Schedules the one collection; the timer never keeps a stopping process alive. */
export function scheduleStartupGarbageCollection(delayMs = STARTUP_GC_DELAY_MS): void {
  setTimeout(collectStartupGarbage, delayMs).unref();
}
