import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { FILTER_ROWS } from '@domain/catalog-filter';
import type { CollectionList } from '@domain/catalog-page';
import * as MESSAGES from '@domain/messages';
import type { CardProduct } from '@domain/storefront-product';
import { CollectionProducts } from './collection-page';

function card(title: string): CardProduct {
  return {
    key: title,
    source: 'own',
    slug: title.toLowerCase().replace(/\s+/g, '-'),
    productId: null,
    title,
    priceCents: 2499,
    originalPriceCents: null,
    images: ['/images/products/x-960.webp'],
    colors: [],
    sizes: ['M'],
    rating: null,
    variants: null,
  };
}

const cards = (count: number) => Array.from({ length: count }, (_, index) => card(`Tee ${index + 1}`));

function renderCollection(list: CollectionList<CardProduct>, activeFilter = '', url = '/') {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <CollectionProducts
            title="Strength in Christ"
            list={list}
            filters={FILTER_ROWS['strength-in-christ'].options}
            activeFilter={activeFilter}
            countLabel={MESSAGES.itemCountLabel}
            empty={{ title: MESSAGES.comingSoon, text: MESSAGES.comingSoonDescription }}
            skeletonCount={8}
          />
        ),
      },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
}

describe('CollectionProducts', () => {
  it('renders the cards at once (server HTML), with the true count and a Load more link to the next page', () => {
    renderCollection(
      { cards: cards(20), total: 22, sourceTotal: 22, page: 1, pageCount: 2 },
      'hoodies',
      '/?filter=hoodies',
    );
    expect(screen.getByTestId('item-count')).toHaveTextContent('22 items');
    expect(screen.getAllByRole('article')).toHaveLength(20);
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(screen.getByTestId('shown-count')).toHaveTextContent('Showing 20 of 22');
    expect(screen.getByRole('link', { name: 'Load more' })).toHaveAttribute('href', '/?filter=hoodies&page=2#item-21');
  });

  it('has no Load more on the last page', () => {
    renderCollection({ cards: cards(22), total: 22, sourceTotal: 22, page: 2, pageCount: 2 });
    expect(screen.getAllByRole('article')).toHaveLength(22);
    expect(screen.queryByRole('link', { name: 'Load more' })).toBeNull();
    expect(screen.getByTestId('shown-count')).toHaveTextContent('Showing 22 of 22');
  });

  it("shows the page's empty state when the collection has no products", () => {
    renderCollection({ cards: [], total: 0, sourceTotal: 0, page: 1, pageCount: 1 });
    expect(screen.getByRole('heading', { name: 'Coming Soon' })).toBeInTheDocument();
    expect(
      screen.getByText("We're working on adding products to this collection. Check back soon!"),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse All Products' })).toHaveAttribute('href', '/');
    expect(screen.getByTestId('item-count')).toHaveTextContent('0 items');
  });

  it('says so when the filter leaves nothing of a non-empty collection', () => {
    renderCollection(
      { cards: [], total: 0, sourceTotal: 4, page: 1, pageCount: 1 },
      'accessories',
      '/?filter=accessories',
    );
    expect(screen.getByRole('heading', { name: 'Nothing here yet' })).toBeInTheDocument();
  });

  it('renders the filter row as links carrying ?filter= in the URL (page 1 again)', () => {
    renderCollection({ cards: cards(1), total: 1, sourceTotal: 1, page: 1, pageCount: 1 }, '', '/?page=3');
    expect(screen.getByRole('link', { name: 'Hoodies' })).toHaveAttribute('href', '/?filter=hoodies#products');
    expect(screen.getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'page');
  });
});
