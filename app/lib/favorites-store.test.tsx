import { beforeEach, describe, expect, it } from 'vitest';
import { favoritesActions, favoritesStoreForTests, resetFavoritesStoreForTests } from './favorites-store';

const { subscribe, getSnapshot, getServerSnapshot } = favoritesStoreForTests;
const ID = '6d1f3c1e-1111-4a1a-9a1a-111111111111';

beforeEach(() => {
  window.localStorage.clear();
  resetFavoritesStoreForTests();
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
