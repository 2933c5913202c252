import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { FILTER_ROWS } from '@domain/catalog-filter';
import { MESSAGES } from '@domain/messages';
import type { CardProduct } from '@domain/storefront-product';
import { CollectionProducts, type StreamedCards } from './collection-page';

function card(title: string): CardProduct {
  return {
    key: title,
    source: 'own',
    slug: title.toLowerCase().replace(/\s+/g, '-'),
    productId: title,
    title,
    description: '',
    priceCents: 2499,
    originalPriceCents: null,
    images: ['/images/products/x-960.webp'],
    colors: [],
    sizes: ['M'],
    rating: null,
    externalVariantId: null,
    firstVariantAvailable: true,
  };
}

function renderCollection(cards: Promise<StreamedCards>) {
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <CollectionProducts
          title="Strength in Christ"
          cards={cards}
          filters={FILTER_ROWS['strength-in-christ'].options}
          activeFilter=""
          countLabel={MESSAGES.itemCountLabel}
          empty={{ title: MESSAGES.comingSoon, text: MESSAGES.comingSoonDescription }}
          skeletonCount={8}
        />
      ),
    },
  ]);
  render(<RouterProvider router={router} />);
}

describe('CollectionProducts', () => {
  it("shows 'Loading...' and 8 skeleton cards until the list arrives, then the count and cards", async () => {
    let resolve: (value: StreamedCards) => void = () => undefined;
    renderCollection(new Promise((done) => (resolve = done)));
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(screen.getAllByTestId('product-card-skeleton')).toHaveLength(8);
    await act(async () => resolve({ cards: [card('Armor Tee')], total: 1 }));
    expect(await screen.findByTestId('item-count')).toHaveTextContent('1 item');
    expect(screen.queryAllByTestId('product-card-skeleton')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Armor Tee' })).toHaveAttribute('href', '/products/armor-tee');
  });

  it("shows the page's empty state when the collection has no products", async () => {
    renderCollection(Promise.resolve({ cards: [], total: 0 }));
    expect(await screen.findByRole('heading', { name: 'Coming Soon' })).toBeInTheDocument();
    expect(screen.getByText("We're working on adding products to this collection. Check back soon!")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse All Products' })).toHaveAttribute('href', '/');
  });

  it('renders the filter row as links carrying ?filter= in the URL', async () => {
    renderCollection(Promise.resolve({ cards: [card('A')], total: 1 }));
    expect(await screen.findByRole('link', { name: 'Hoodies' })).toHaveAttribute('href', '/?filter=hoodies#products');
    expect(screen.getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'page');
  });
});
