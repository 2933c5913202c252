import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as FavoritesStore from './favorites-store';

type Store = typeof FavoritesStore;
let favoritesActions: Store['favoritesActions'];
let subscribe: Store['favoritesStore']['subscribe'];
let getSnapshot: Store['favoritesStore']['getSnapshot'];
let getServerSnapshot: Store['favoritesStore']['getServerSnapshot'];
const ID = '6d1f3c1e-1111-4a1a-9a1a-111111111111';

// Each test loads the store afresh, as a new page does (no test-only reset in the module).
beforeEach(async () => {
  window.localStorage.clear();
  vi.resetModules();
  const store: Store = await import('./favorites-store');
  ({ favoritesActions } = store);
  ({ subscribe, getSnapshot, getServerSnapshot } = store.favoritesStore);
});

describe('favorites store snapshots', () => {
  // useSyncExternalStore re-renders every heart synchronously after hydration when the
  // snapshot it reads then is not the server's: a guest with nothing saved must not cause that.
  it('a guest with nothing saved keeps the server snapshot through subscribe and sync', () => {
    const unsubscribe = subscribe(() => undefined);
    expect(getSnapshot()).toBe(getServerSnapshot());
    favoritesActions.sync(null, null);
    expect(getSnapshot()).toBe(getServerSnapshot());
    unsubscribe();
  });

  it('a saved list is a new snapshot once, then the same object while nothing changes', async () => {
    window.localStorage.setItem('favorites', JSON.stringify([ID]));
    const unsubscribe = subscribe(() => undefined);
    const first = getSnapshot();
    expect(first).not.toBe(getServerSnapshot());
    expect([...first.ids]).toEqual([ID]);
    favoritesActions.sync(null, null);
    expect(getSnapshot()).toBe(first);
    await favoritesActions.setSaved(ID, false);
    expect(getSnapshot().ids.size).toBe(0);
    expect(getSnapshot()).not.toBe(first);
    unsubscribe();
  });
});
