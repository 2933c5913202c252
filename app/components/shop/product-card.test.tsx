import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CardProduct, CardVariant } from '@domain/storefront-product';
import { allowConsoleError } from '../../../tests/support/console-error-policy';
import type { ToastMessage } from '~/lib/notify';
import type * as ProductCardModule from './product-card';

let ProductCard: typeof ProductCardModule.ProductCard;
// Toasts are read where the shop's own outlet receives them (connectToastOutlet), not mocked by path.
const toasts: ToastMessage[] = [];
let disconnectToasts = () => undefined as void;

/** The shop's server at the network boundary: the variants the card asks to check out, answered as the test says. */
function stubCheckoutServer(answer: () => Promise<Response>) {
  const variantIds: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (String(url) === '/api/shopify/checkout')
        variantIds.push((JSON.parse(String(init?.body)) as { variantId: string }).variantId);
      return answer();
    }),
  );
  return variantIds;
}

function product(overrides: Partial<CardProduct> = {}): CardProduct {
  return {
    key: 'p1',
    source: 'own',
    slug: 'simple-cross-tee',
    productId: 'p1',
    title: 'Simple Cross Tee',
    priceCents: 1500,
    originalPriceCents: 2000,
    images: ['/img/pink-960.webp', '/img/yellow-960.webp', '/img/blue-960.webp', '/img/white-960.webp'],
    colors: ['Pink', 'Yellow', 'Blue', 'White'],
    sizes: ['XS', 'S', 'M', 'L', 'XL'],
    rating: null,
    variants: null,
    ...overrides,
  };
}

const variant = (
  id: string,
  size: string,
  priceCents: number,
  available = true,
  color: string | null = null,
): CardVariant => ({
  id,
  color,
  size,
  priceCents,
  originalPriceCents: 4000,
  available,
});

/** A Shopify product as cards get it: three sizes, the L dearer (the fixture 'Grace Abounds Tee'). */
function external(overrides: Partial<CardProduct> = {}): CardProduct {
  const variants = [variant('v1', 'S', 3200), variant('v2', 'M', 3200), variant('v3', 'L', 3450)];
  return product({
    source: 'external',
    slug: null,
    productId: null,
    title: 'Grace Abounds Tee',
    priceCents: 3200,
    originalPriceCents: 4000,
    colors: [],
    sizes: ['S', 'M', 'L'],
    variants,
    ...overrides,
  });
}

function renderCard(card: CardProduct) {
  const router = createMemoryRouter([{ path: '/', element: <ProductCard product={card} /> }]);
  render(<RouterProvider router={router} />);
  return screen.getByRole('article', { name: card.title });
}

function shownImage(card: HTMLElement): string | null {
  return card.querySelector('img')?.getAttribute('src') ?? null;
}

// Each test loads the card with fresh cart and favorites stores, as a new page does.
beforeEach(async () => {
  localStorage.clear();
  vi.resetModules();
  ({ ProductCard } = await import('./product-card'));
  const { connectToastOutlet } = await import('~/lib/notify');
  toasts.length = 0;
  disconnectToasts = connectToastOutlet((message) => toasts.push(message));
});
afterEach(() => {
  disconnectToasts();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** The price a card shows now (its first line; a sale adds the struck original after it). */
const cardPrice = (card: HTMLElement) => card.querySelector('.price > span');

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
    expect(toasts).toContainEqual({
      title: 'Simple Cross Tee added to cart!',
      description: 'Color: Pink, Size: M',
      topic: 'cart',
      action: { label: 'View cart', href: '/cart' },
    });
    const saved = JSON.parse(localStorage.getItem('cart') ?? '[]') as {
      id: string;
      quantity: number;
      priceCents: number;
    }[];
    expect(saved).toEqual([expect.objectContaining({ id: 'Simple Cross Tee-Pink-M', quantity: 1, priceCents: 1500 })]);
  });

  it('shows Out of Stock, disabled, only while the chosen variant is unavailable', async () => {
    const user = userEvent.setup();
    const card = renderCard(
      external({ variants: [variant('v1', 'S', 3000, false), variant('v2', 'M', 3000), variant('v3', 'L', 3000)] }),
    );
    expect(within(card).getByRole('button', { name: 'Out of Stock' })).toBeDisabled();
    expect(within(card).getByRole('option', { name: 'S (sold out)' })).toBeInTheDocument();
    await user.selectOptions(within(card).getByLabelText('Size'), 'M');
    expect(within(card).getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
  });

  it('names the choices plainly when nothing is left at all: the button says Out of Stock', () => {
    const card = renderCard(external({ variants: [variant('v1', 'S', 3000, false), variant('v2', 'M', 3000, false)] }));
    expect(within(card).getByRole('button', { name: 'Out of Stock' })).toBeDisabled();
    expect(within(card).getByRole('option', { name: 'S' })).toBeInTheDocument();
    expect(within(card).queryByRole('option', { name: /sold out/ })).toBeNull();
  });

  it('external products: the chosen size picks its variant, its price, and the checkout buys it', async () => {
    const user = userEvent.setup();
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const asked = stubCheckoutServer(async () => Response.json({ checkoutUrl: 'https://shop.example/checkout/2' }));
    const card = renderCard(external());
    expect(cardPrice(card)).toHaveTextContent('$32.00');
    await user.selectOptions(within(card).getByLabelText('Size'), 'L');
    expect(cardPrice(card)).toHaveTextContent('$34.50');
    expect(within(card).getByText('$40.00')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Add to Cart' }));
    expect(asked).toEqual(['v3']);
  });

  it('colour and size together choose the variant (Color / Size options)', async () => {
    const user = userEvent.setup();
    const variants = [
      variant('c-m', 'M', 2800, true, 'Cream'),
      variant('b-m', 'M', 2900, true, 'Black'),
      variant('b-l', 'L', 2900, false, 'Black'),
    ];
    const card = renderCard(external({ colors: ['Cream', 'Black'], sizes: ['M', 'L'], images: [], variants }));
    expect(cardPrice(card)).toHaveTextContent('$28.00');
    await user.selectOptions(within(card).getByLabelText('Size'), 'L');
    expect(within(card).getByRole('button', { name: 'Out of Stock' })).toBeDisabled(); // Cream / L: no such variant
    await user.selectOptions(within(card).getByLabelText('Size'), 'M');
    await user.selectOptions(within(card).getByLabelText('Color'), 'Black');
    expect(cardPrice(card)).toHaveTextContent('$29.00');
    expect(within(card).getByRole('option', { name: 'L (sold out)' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
  });

  it('the heart saves an own product in the browser for a guest, and shows its state', async () => {
    const user = userEvent.setup();
    const id = '0b9c4c52-6f0e-4a55-8f2a-2d3f0a1e9b11';
    const card = renderCard(product({ productId: id, key: id }));
    const heart = within(card).getByRole('button', { name: 'Save Simple Cross Tee to favorites' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await user.click(heart);
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(JSON.parse(localStorage.getItem('favorites') ?? '[]')).toEqual([id]);
    await user.click(heart);
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    expect(localStorage.getItem('favorites')).toBeNull();
  });

  it('external products have no heart (they have no page of ours to save)', () => {
    const card = renderCard(external());
    expect(within(card).queryByRole('button', { name: /favorites/ })).toBeNull();
  });

  it('external products: Adding... while the hosted checkout is created, then the tab goes there', async () => {
    const user = userEvent.setup();
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    let resolve: (answer: Response) => void = () => undefined;
    const asked = stubCheckoutServer(() => new Promise<Response>((done) => (resolve = done)));
    const card = renderCard(external());
    await user.click(within(card).getByRole('button', { name: 'Add to Cart' }));
    expect(within(card).getByRole('button', { name: 'Adding...' })).toBeDisabled();
    expect(asked).toEqual(['v1']);
    await act(async () => resolve(Response.json({ checkoutUrl: 'https://shop.example/checkout/1' })));
    expect(tab.location.href).toBe('https://shop.example/checkout/1');
    expect(within(card).getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
  });

  it('external products: a failed checkout closes the tab and toasts the spec error', async () => {
    allowConsoleError();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    stubCheckoutServer(async () => new Response('upstream down', { status: 502 }));
    const card = renderCard(external());
    await user.click(within(card).getByRole('button', { name: 'Add to Cart' }));
    expect(tab.close).toHaveBeenCalled();
    expect(toasts).toContainEqual({
      title: 'Error',
      description: 'Failed to add item to cart. Please try again.',
      variant: 'destructive',
      topic: 'cart',
    });
  });
});
