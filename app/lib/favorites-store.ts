/**
 * The browser's favorites (domain/favorites.ts): one store for the hearts on every card and
 * product page, the header count and /favorites.
 * - Guests: the list lives in localStorage (`favorites`), read after hydration, so the server
 *   HTML of a page is the same for every anonymous visitor (it may be served from a cache).
 * - Signed in: the list is on the account. The root loader sends it with the page; a heart
 *   changes at once and is saved with POST /api/favorites (undone, with a toast, if that fails).
 * - At sign-in, a guest list is merged into the account once, then cleared from the browser.
 */
import { useSyncExternalStore } from 'react';
import { useRouteLoaderData } from 'react-router';
import { FAVORITES_LIMIT, FAVORITES_MESSAGES, FAVORITES_STORAGE_KEY, parseFavoriteIds } from '@domain/favorites';
import { postJson } from '~/lib/json-api';
import { notify } from '~/lib/notify';

type Listener = () => void;

/** What the store reads of the root loader's data (app/root.tsx returns it; typed here, not imported, so the store does not import the root route). */
export interface RootFavoritesData {
  viewer: { userId: string } | null;
  favoriteIds: readonly string[] | null;
}

interface Snapshot {
  /** Whose list this is: null for a guest. */
  userId: string | null;
  ids: ReadonlySet<string>;
}

const EMPTY: Snapshot = { userId: null, ids: new Set() };
const listeners = new Set<Listener>();

let userId: string | null = null;
let guestIds: string[] = [];
let guestLoaded = false;
let accountIds: string[] = [];
/** Account changes shown before the server confirms them (product id -> saved). */
const pending = new Map<string, boolean>();
let snapshot: Snapshot = EMPTY;
let mergingFor: string | null = null;

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined; // storage disabled: favorites last for this page only
  }
}

function loadGuest() {
  if (guestLoaded) return;
  guestLoaded = true;
  guestIds = parseFavoriteIds(storage()?.getItem(FAVORITES_STORAGE_KEY) ?? null);
}

function saveGuest() {
  try {
    const store = storage();
    if (!store) return;
    if (guestIds.length === 0) store.removeItem(FAVORITES_STORAGE_KEY);
    else store.setItem(FAVORITES_STORAGE_KEY, JSON.stringify(guestIds));
  } catch (error) {
    console.warn('Could not save favorites', error);
  }
}

function recompute() {
  loadGuest();
  let ids: Set<string>;
  if (userId === null) {
    ids = new Set(guestIds);
  } else {
    ids = new Set(accountIds);
    for (const [id, saved] of pending) {
      if (saved) ids.add(id);
      else ids.delete(id);
    }
  }
  // The same object while nothing changed: useSyncExternalStore re-renders every heart
  // synchronously when a snapshot differs from the server's after hydration (issue 15).
  if (userId === snapshot.userId && ids.size === snapshot.ids.size && [...ids].every((id) => snapshot.ids.has(id)))
    return;
  snapshot = { userId, ids };
}

function emit() {
  recompute();
  for (const listener of listeners) listener();
}

/** POST /api/favorites; the account's list after the change, or an ApiError with the message. */
async function post(body: unknown): Promise<string[]> {
  const answer = await postJson<{ productIds?: unknown }>('/api/favorites', body, {
    fallbackMessage: FAVORITES_MESSAGES.saveFailed,
  });
  return parseFavoriteIds(answer.productIds);
}

async function mergeGuestList(forUser: string) {
  loadGuest();
  const ids = [...guestIds];
  if (ids.length === 0 || mergingFor === forUser) return;
  mergingFor = forUser;
  for (const id of ids) pending.set(id, true);
  emit();
  try {
    const merged = await post({ merge: ids });
    if (userId !== forUser) return;
    accountIds = merged;
    guestIds = [];
    saveGuest();
  } catch (error) {
    console.warn('Could not merge favorites into the account; kept in this browser', error);
  } finally {
    for (const id of ids) if (pending.get(id) === true) pending.delete(id);
    mergingFor = null;
    emit();
  }
}

export const favoritesActions = {
  /** The page's account (from the root loader): null for a guest, else its saved ids. */
  sync(nextUserId: string | null, ids: string[] | null) {
    if (nextUserId !== userId) pending.clear();
    userId = nextUserId;
    accountIds = nextUserId === null ? [] : (ids ?? []);
    emit();
    if (nextUserId !== null) void mergeGuestList(nextUserId);
  },

  async setSaved(productId: string, saved: boolean) {
    loadGuest();
    if (userId === null) {
      const others = guestIds.filter((id) => id !== productId);
      if (saved && others.length >= FAVORITES_LIMIT) {
        notify({ title: FAVORITES_MESSAGES.limitReached, variant: 'destructive', topic: 'favorites' });
        return;
      }
      guestIds = saved ? [...others, productId] : others;
      saveGuest();
      emit();
      return;
    }
    const forUser = userId;
    pending.set(productId, saved);
    emit();
    try {
      const ids = await post({ productId, saved });
      if (userId !== forUser) return;
      accountIds = ids;
      if (pending.get(productId) === saved) pending.delete(productId);
    } catch (error) {
      if (pending.get(productId) === saved) pending.delete(productId);
      notify({
        title: error instanceof Error ? error.message : FAVORITES_MESSAGES.saveFailed,
        variant: 'destructive',
        topic: 'favorites',
      });
    }
    emit();
  },
};

function subscribe(listener: Listener) {
  listeners.add(listener);
  // The first subscriber reads the saved list; React compares snapshots right after.
  if (snapshot === EMPTY) recompute();
  const onStorage = (event: StorageEvent) => {
    // Another tab changed the guest list.
    if (event.key === null || event.key === FAVORITES_STORAGE_KEY) {
      guestLoaded = false;
      emit();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

const getSnapshot = () => snapshot;
const getServerSnapshot = () => EMPTY;

export interface FavoritesView {
  ids: ReadonlySet<string>;
  count: number;
  isSaved(productId: string): boolean;
  setSaved(productId: string, saved: boolean): Promise<void>;
}

/**
 * The favorites of this page's visitor. Until the store has synced (server render and
 * hydration), a signed-in visitor's list comes from the root loader, so hearts render filled
 * from the first paint; a guest's come after hydration.
 */
export function useFavorites(): FavoritesView {
  const root = useRouteLoaderData<RootFavoritesData>('root');
  const current = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  const accountUser = root?.viewer?.userId ?? null;
  const ids = accountUser !== null && current.userId !== accountUser ? new Set(root?.favoriteIds ?? []) : current.ids;
  return {
    ids,
    count: ids.size,
    isSaved: (productId) => ids.has(productId),
    setSaved: favoritesActions.setSaved,
  };
}

/** Test helper: the store as useSyncExternalStore sees it. */
export const favoritesStoreForTests = { subscribe, getSnapshot, getServerSnapshot };

/** Test helper: forget everything held in memory. */
export function resetFavoritesStoreForTests() {
  userId = null;
  guestIds = [];
  guestLoaded = false;
  accountIds = [];
  pending.clear();
  snapshot = EMPTY;
  mergingFor = null;
  listeners.clear();
}
