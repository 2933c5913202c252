import { priceCart } from '@domain/cart-price';
import { act, render, renderHook, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { simpleCrossTeeBlueM as tee } from '../../tests/support/cart-items';
import { allowConsoleError } from '../../tests/support/console-error-policy';
import type { DiscountTerms } from '@domain/price-order';
import type * as CartStore from './cart-store';

const JESUS: DiscountTerms = { code: 'JESUS', kind: 'percent', value: 10 };

let useCart: typeof CartStore.useCart;

// Each test loads the store afresh, as a new page does (no test-only reset in the module).
beforeEach(async () => {
  window.localStorage.clear();
  vi.resetModules();
  ({ useCart } = await import('./cart-store'));
});

describe('cart store', () => {
  it('adds, merges the same id, colour and size, and persists under the key cart', () => {
    const { result } = renderHook(() => useCart());
    act(() => result.current.add(tee));
    act(() => result.current.add(tee));
    act(() => result.current.add({ ...tee, id: 'Simple Cross Tee-Blue-L', size: 'L' }));
    expect(result.current.count).toBe(3);
    expect(result.current.state.items).toHaveLength(2);
    expect(priceCart(result.current.state).subtotalCents).toBe(4500);
    const saved = JSON.parse(window.localStorage.getItem('cart')!) as { quantity: number; productId: string }[];
    expect(saved.map((item) => item.quantity)).toEqual([2, 1]);
    expect(saved[0]!.productId).toBe(tee.productId);
  });

  it('writes the coupon keys while a coupon is active and removes them when none is', () => {
    const { result } = renderHook(() => useCart());
    act(() => result.current.add(tee));
    // The server accepted JESUS (the cart page asks it first; issue 26).
    act(() => result.current.applyCoupon(JESUS));
    expect(window.localStorage.getItem('couponCode')).toBe('JESUS');
    expect(window.localStorage.getItem('couponDiscount')).toBe('0.1');
    expect(priceCart(result.current.state)).toMatchObject({ discountCents: 150, totalCents: 1350 + 599 });
    act(() => result.current.applyCoupon({ code: 'FAIR5', kind: 'fixed', value: 500 }));
    expect(window.localStorage.getItem('couponCode')).toBe('FAIR5');
    expect(window.localStorage.getItem('couponDiscount')).toBe('0');
    expect(priceCart(result.current.state)).toMatchObject({ discountCents: 500 });
    act(() => result.current.removeCoupon());
    expect(window.localStorage.getItem('couponCode')).toBeNull();
    expect(window.localStorage.getItem('couponDiscount')).toBeNull();
  });

  it('updates quantity (0 removes), removes and clears everything including the coupon', () => {
    const { result } = renderHook(() => useCart());
    act(() => result.current.add(tee));
    act(() => result.current.updateQuantity(tee.id, 5));
    expect(result.current.count).toBe(5);
    act(() => result.current.updateQuantity(tee.id, 0));
    expect(result.current.count).toBe(0);
    act(() => result.current.add(tee));
    act(() => result.current.remove(tee.id));
    expect(result.current.state.items).toEqual([]);
    act(() => result.current.add(tee));
    act(() => result.current.applyCoupon(JESUS));
    act(() => result.current.clear());
    expect(result.current.state).toEqual({ items: [], couponCode: null, couponDiscount: 0 });
    expect(window.localStorage.getItem('cart')).toBe('[]');
    expect(window.localStorage.getItem('couponCode')).toBeNull();
  });

  it('restores a saved cart and its code; the saved fraction is only a preview (the server quote and checkout decide)', () => {
    window.localStorage.setItem('cart', JSON.stringify([{ ...tee, price: 15, quantity: 2 }]));
    window.localStorage.setItem('couponCode', 'jesus');
    window.localStorage.setItem('couponDiscount', '0.1');
    const { result } = renderHook(() => useCart());
    expect(result.current.count).toBe(2);
    expect(result.current.state.couponCode).toBe('JESUS');
    expect(result.current.state.couponDiscount).toBe(0.1);
    expect(priceCart(result.current.state).discountCents).toBe(300);
  });

  it('logs an unparseable saved cart and starts empty', () => {
    allowConsoleError();
    const spy = vi.spyOn(console, 'error');
    window.localStorage.setItem('cart', '{not json');
    const { result } = renderHook(() => useCart());
    expect(result.current.count).toBe(0);
    expect(spy).toHaveBeenCalledWith(
      'Error loading cart from localStorage:',
      expect.stringContaining('not valid JSON'),
    );
  });

  it('renders an empty cart on the server so hydration matches, then shows the saved cart', () => {
    window.localStorage.setItem('cart', JSON.stringify([{ ...tee, quantity: 3 }]));
    function Badge() {
      return <span data-testid="count">{useCart().count}</span>;
    }
    expect(renderToString(<Badge />)).toContain('>0<');
    render(<Badge />);
    expect(screen.getByTestId('count')).toHaveTextContent('3');
  });
});

describe('cart store and hydration', () => {
  function Badge({ renders }: { renders: { count: number } }) {
    renders.count += 1;
    return <span>{useCart().count}</span>;
  }

  async function hydrateBadge() {
    const { hydrateRoot } = await import('react-dom/client');
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Badge renders={{ count: 0 }} />);
    document.body.append(container);
    const renders = { count: 0 };
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, <Badge renders={renders} />);
    });
    return { container, renders, unmount: () => act(() => root!.unmount()) };
  }

  it('an empty saved cart is the server snapshot: hydration renders once, with no synchronous re-render', async () => {
    const { container, renders, unmount } = await hydrateBadge();
    expect(container.textContent).toBe('0');
    expect(renders.count).toBe(1);
    unmount();
  });

  it('a saved cart shows after hydration (a second render)', async () => {
    window.localStorage.setItem('cart', JSON.stringify([{ ...tee, quantity: 2 }]));
    const { container, renders, unmount } = await hydrateBadge();
    expect(container.textContent).toBe('2');
    expect(renders.count).toBe(2);
    unmount();
  });
});
