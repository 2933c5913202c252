import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CardProduct } from '@domain/storefront-product';
import { allowConsoleError } from '../../../tests/support/console-error-policy';
import { resetCartStoreForTests } from '~/lib/cart-store';
import { ProductCard } from './product-card';

const notify = vi.hoisted(() => vi.fn());
vi.mock('~/lib/notify', () => ({ notify }));
const startExternalCheckout = vi.hoisted(() => vi.fn());
vi.mock('~/lib/shopify-checkout', () => ({ startExternalCheckout }));

function product(overrides: Partial<CardProduct> = {}): CardProduct {
  return {
    key: 'p1',
    source: 'own',
    slug: 'simple-cross-tee',
    productId: 'p1',
    title: 'Simple Cross Tee',
    description: '',
    priceCents: 1500,
    originalPriceCents: 2000,
    images: ['/img/pink-960.webp', '/img/yellow-960.webp', '/img/blue-960.webp', '/img/white-960.webp'],
    colors: ['Pink', 'Yellow', 'Blue', 'White'],
    sizes: ['XS', 'S', 'M', 'L', 'XL'],
    rating: null,
    externalVariantId: null,
    firstVariantAvailable: true,
    ...overrides,
  };
}

function renderCard(card: CardProduct) {
  const router = createMemoryRouter([{ path: '/', element: <ProductCard product={card} /> }]);
  render(<RouterProvider router={router} />);
  return screen.getByRole('article', { name: card.title });
}

function shownImage(card: HTMLElement): string | null {
  return card.querySelector('img')?.getAttribute('src') ?? null;
}

beforeEach(() => {
  localStorage.clear();
  resetCartStoreForTests();
  notify.mockReset();
  startExternalCheckout.mockReset();
});
afterEach(() => vi.restoreAllMocks());

describe('ProductCard', () => {
  it('preselects the first colour and size and shows that colour’s image with a Sale badge', () => {
    const card = renderCard(product());
    expect(within(card).getByLabelText('Color')).toHaveValue('Pink');
    expect(within(card).getByLabelText('Size')).toHaveValue('XS');
    expect(shownImage(card)).toBe('/img/pink-960.webp');
    expect(within(card).getByText('Sale')).toBeInTheDocument();
    expect(within(card).getByText('$15.00')).toBeInTheDocument();
    expect(within(card).getByText('$20.00')).toBeInTheDocument();
  });

  it('shows no Sale badge when the original price equals the price or is absent', () => {
    const card = renderCard(product({ originalPriceCents: 1500 }));
    expect(within(card).queryByText('Sale')).toBeNull();
  });

  it('filters images by the chosen colour: one image per colour', async () => {
    const user = userEvent.setup();
    const card = renderCard(product());
    await user.selectOptions(within(card).getByLabelText('Color'), 'Blue');
    expect(shownImage(card)).toBe('/img/blue-960.webp');
    await user.click(within(card).getByRole('button', { name: 'White' }));
    expect(shownImage(card)).toBe('/img/white-960.webp');
    expect(within(card).getByLabelText('Color')).toHaveValue('White');
  });

  it('splits images into equal groups per colour and the arrows walk the group, resetting on colour change', async () => {
    const user = userEvent.setup();
    const card = renderCard(
      product({ colors: ['Pink', 'Blue'], images: ['/a1.webp', '/a2.webp', '/b1.webp', '/b2.webp'] }),
    );
    expect(shownImage(card)).toBe('/a1.webp');
    await user.click(within(card).getByRole('button', { name: 'Next image' }));
    expect(shownImage(card)).toBe('/a2.webp');
    await user.click(within(card).getByRole('button', { name: 'Next image' }));
    expect(shownImage(card)).toBe('/a1.webp'); // wraps around
    await user.click(within(card).getByRole('button', { name: 'Previous image' }));
    expect(shownImage(card)).toBe('/a2.webp');
    await user.selectOptions(within(card).getByLabelText('Color'), 'Blue');
    expect(shownImage(card)).toBe('/b1.webp'); // colour change resets to the first image
  });

  it('with colour variants the arrows cycle the colours with wraparound', async () => {
    const user = userEvent.setup();
    const colorVariants = ['Pink', 'Yellow', 'Blue', 'White'].map((color) => ({
      color,
      image: `/img/${color.toLowerCase()}-960.webp`,
    }));
    const card = renderCard(product({ colorVariants }));
    await user.click(within(card).getByRole('button', { name: 'Previous image' }));
    expect(within(card).getByLabelText('Color')).toHaveValue('White');
    expect(shownImage(card)).toBe('/img/white-960.webp');
    await user.click(within(card).getByRole('button', { name: 'Next image' }));
    expect(within(card).getByLabelText('Color')).toHaveValue('Pink');
  });

  it('adds own products to the one cart and toasts the spec text', async () => {
    const user = userEvent.setup();
    const card = renderCard(product());
    await user.selectOptions(within(card).getByLabelText('Size'), 'M');
    await user.click(within(card).getByRole('button', { name: 'Add to Cart' }));
    expect(notify).toHaveBeenCalledWith({ title: 'Simple Cross Tee added to cart!', description: 'Color: Pink, Size: M' });
    const saved = JSON.parse(localStorage.getItem('cart') ?? '[]') as { id: string; quantity: number; priceCents: number }[];
    expect(saved).toEqual([expect.objectContaining({ id: 'Simple Cross Tee-Pink-M', quantity: 1, priceCents: 1500 })]);
  });

  it('shows Out of Stock, disabled, when the first external variant is unavailable', () => {
    const card = renderCard(product({ source: 'external', slug: null, externalVariantId: 'v1', firstVariantAvailable: false }));
    expect(within(card).getByRole('button', { name: 'Out of Stock' })).toBeDisabled();
  });

  it('external products: Adding... while the hosted checkout is created, then the tab goes there', async () => {
    const user = userEvent.setup();
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    let resolve: (url: string) => void = () => undefined;
    startExternalCheckout.mockReturnValue(new Promise<string>((done) => (resolve = done)));
    const card = renderCard(product({ source: 'external', slug: null, externalVariantId: 'v1' }));
    await user.click(within(card).getByRole('button', { name: 'Add to Cart' }));
    expect(within(card).getByRole('button', { name: 'Adding...' })).toBeDisabled();
    expect(startExternalCheckout).toHaveBeenCalledWith('v1');
    await act(async () => resolve('https://shop.example/checkout/1'));
    expect(tab.location.href).toBe('https://shop.example/checkout/1');
    expect(within(card).getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
  });

  it('external products: a failed checkout closes the tab and toasts the spec error', async () => {
    allowConsoleError();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    startExternalCheckout.mockRejectedValue(new Error('boom'));
    const card = renderCard(product({ source: 'external', slug: null, externalVariantId: 'v1' }));
    await user.click(within(card).getByRole('button', { name: 'Add to Cart' }));
    expect(tab.close).toHaveBeenCalled();
    expect(notify).toHaveBeenCalledWith({
      title: 'Error',
      description: 'Failed to add item to cart. Please try again.',
      variant: 'destructive',
    });
  });
});
