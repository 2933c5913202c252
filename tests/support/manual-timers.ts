/** Hand-moved clock and timers for the Shopify cache tests (no real waiting). */
import type { Timers } from '../../server/shopify/catalogue-cache';

/** A clock and timers the test moves by hand (no real waiting). */
export function manualTimers() {
  let now = 1_000_000;
  let timers: { at: number; fn: () => void; cancelled: boolean }[] = [];
  const api: Timers & { advance(ms: number): Promise<void>; pending(): number } = {
    now: () => now,
    setTimer(fn, ms) {
      const timer = { at: now + ms, fn, cancelled: false };
      timers.push(timer);
      return () => {
        timer.cancelled = true;
      };
    },
    async advance(ms) {
      const target = now + ms;
      for (;;) {
        await flush();
        const due = timers.filter((t) => !t.cancelled && t.at <= target).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        now = due.at;
        due.cancelled = true;
        due.fn();
      }
      now = target;
      timers = timers.filter((t) => !t.cancelled);
      await flush();
    },
    pending: () => timers.filter((t) => !t.cancelled).length,
  };
  return api;
}

/** Lets settled promises run their callbacks. */
export async function flush() {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

