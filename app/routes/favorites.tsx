/**
 * /favorites: the products the visitor saved with the heart. Signed in: read from the account
 * on the server. A guest's list lives in their browser, so the page asks for those cards after
 * hydration (GET /api/product-cards). A product un-hearted here leaves the list at once.
 */
import { Heart } from '~/components/ui/icons';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import * as MESSAGES from '@domain/messages';
import { cardFromPublicProduct, type CardProduct } from '@domain/storefront-product';
import { listFavoriteProducts } from '@server/favorites/favorites';
import { ProductGrid, ProductGridSkeleton } from '~/components/shop/collection';
import { useFavorites } from '~/lib/favorites-store';
import { readJsonAnswer, sendRequest } from '~/lib/json-api';
import type { Route } from './+types/favorites';

export function meta() {
  return [
    { title: 'Favorites | Wear Your Faith' },
    { name: 'description', content: 'The products you saved at Wear Your Faith.' },
    { name: 'robots', content: 'noindex' },
  ];
}

export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await context.auth.getViewer(request);
  if (!viewer) return { signedIn: false, cards: null };
  const products = await listFavoriteProducts({ db: context.db, userId: viewer.userId });
  return { signedIn: true, cards: products.map((product) => cardFromPublicProduct(product)) };
}

/** A guest's saved cards, fetched once the browser's list is known (null while loading). */
function useGuestCards(ids: ReadonlySet<string>, enabled: boolean): CardProduct[] | null {
  const [loaded, setLoaded] = useState<{ key: string; cards: CardProduct[] } | null>(null);
  const key = [...ids].sort().join(',');
  // A heart undone on this page needs no new request: the cards already loaded cover the list.
  const loadedIds = new Set(loaded?.key.split(',') ?? []);
  const covered = loaded !== null && [...ids].every((id) => loadedIds.has(id));
  useEffect(() => {
    if (!enabled || key === '' || covered) return;
    const controller = new AbortController();
    sendRequest(
      `/api/product-cards?ids=${encodeURIComponent(key)}`,
      { signal: controller.signal },
      MESSAGES.fetchProductsFailed,
    )
      .then((response) => readJsonAnswer<{ cards: CardProduct[] }>(response, MESSAGES.fetchProductsFailed))
      .then((answer) => setLoaded({ key, cards: answer.cards }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Could not load favorites', error);
        setLoaded({ key, cards: [] });
      });
    return () => controller.abort();
  }, [key, enabled, covered]);
  if (!enabled) return null;
  if (key === '') return [];
  return covered ? loaded.cards : null;
}

const noSubscription = () => () => undefined;
/** False in the server render and hydration, true after: the guest list is in the browser. */
const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

export default function FavoritesPage({ loaderData }: Route.ComponentProps) {
  const favorites = useFavorites();
  const hydrated = useHydrated();
  const guestCards = useGuestCards(favorites.ids, !loaderData.signedIn && hydrated);
  const all = loaderData.cards ?? guestCards;
  // Saved now (a heart undone on this page takes the product off the list).
  const cards = all?.filter((card) => card.productId !== null && favorites.isSaved(card.productId)) ?? null;

  return (
    <main className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:py-16">
      <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">Favorites</h1>
      <p className="mt-2 text-sm text-muted" aria-live="polite" data-testid="favorites-summary">
        {cards === null ? MESSAGES.loading : cards.length === 1 ? '1 saved product' : `${cards.length} saved products`}
        {!loaderData.signedIn && (
          <>
            {' · '}
            Saved in this browser.{' '}
            <Link to="/auth" className="font-semibold text-brand-700 hover:underline">
              Sign in
            </Link>{' '}
            to keep them on your account.
          </>
        )}
      </p>
      <noscript>
        <p className="mt-6 text-muted">Turn on JavaScript to see the favorites saved in this browser.</p>
      </noscript>
      <div className="mt-8">
        {cards === null ? (
          <ProductGridSkeleton count={4} />
        ) : cards.length === 0 ? (
          <div className="flex flex-col items-center rounded-2xl border border-dashed border-line bg-white px-6 py-16 text-center">
            <Heart className="size-8 text-brand-600" aria-hidden />
            <h2 className="mt-4 text-2xl font-semibold">No favorites yet</h2>
            <p className="mt-3 max-w-md text-muted">Tap the heart on any product to save it here for later.</p>
            <Link
              to="/new-arrivals"
              className="mt-8 inline-flex h-11 items-center rounded-full bg-ink px-6 text-sm font-semibold text-white transition hover:bg-brand-700"
            >
              {MESSAGES.viewNewArrivals}
            </Link>
          </div>
        ) : (
          <>
            {/* The cards' names are h3s: this names their list (no level skipped). */}
            <h2 className="sr-only">Your saved products</h2>
            <ProductGrid products={cards} />
          </>
        )}
      </div>
    </main>
  );
}
