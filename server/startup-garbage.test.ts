import { describe, expect, it } from 'vitest';
import { collectStartupGarbage } from './startup-garbage';

describe('collectStartupGarbage', () => {
  it('runs a full collection that frees unreachable memory, also without --expose-gc', () => {
    // Held weakly only: a full collection clears the reference.
    let ref: WeakRef<object> | undefined;
    (() => {
      ref = new WeakRef({ payload: new Array(100_000).fill('garbage') });
    })();
    return new Promise<void>((resolve) => {
      // A WeakRef's target survives until the end of the current job: collect in a later task.
      setTimeout(() => {
        collectStartupGarbage();
        expect(ref!.deref()).toBeUndefined();
        resolve();
      }, 0);
    });
  });
});
