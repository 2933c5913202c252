import { act, render } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteScrollRestoration } from './route-scroll-restoration';

/** Each scroll React Router asks for, with the page's inline scroll-behavior at that moment. */
function recordScrolls() {
  const scrolls: { y: number; behavior: string }[] = [];
  vi.spyOn(window, 'scrollTo').mockImplementation(((_x: number, y: number) => {
    scrolls.push({ y, behavior: document.documentElement.style.scrollBehavior });
  }) as typeof window.scrollTo);
  return scrolls;
}

function shop() {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            <Outlet />
            <RouteScrollRestoration />
          </>
        ),
        children: [
          { path: 't-shirts', element: <p>T-shirts</p> },
          { path: 'products/:slug', element: <p id="reviews">Product</p> },
        ],
      },
    ],
    { initialEntries: ['/t-shirts'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const elementScrollIntoView = Element.prototype.scrollIntoView;

describe('RouteScrollRestoration', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    Element.prototype.scrollIntoView = elementScrollIntoView;
    document.documentElement.style.removeProperty('scroll-behavior');
  });

  it('scrolls a new page to its top instantly, then leaves the stylesheet smooth again', async () => {
    const scrolls = recordScrolls();
    const router = shop();
    await act(() => router.navigate('/products/simple-cross-tee'));
    expect(scrolls.at(-1)).toEqual({ y: 0, behavior: 'auto' });
    expect(document.documentElement.style.scrollBehavior).toBe('');
  });

  it('restores the place on the way back instantly too', async () => {
    const scrolls = recordScrolls();
    const router = shop();
    await act(() => router.navigate('/products/simple-cross-tee'));
    const before = scrolls.length;
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/t-shirts');
    expect(scrolls.length).toBe(before + 1);
    expect(scrolls.at(-1)?.behavior).toBe('auto');
    expect(document.documentElement.style.scrollBehavior).toBe('');
  });

  it('leaves a jump to a fragment as the stylesheet makes it (smooth)', async () => {
    const scrolls = recordScrolls();
    const intoView = vi.fn(function (this: Element) {
      scrolls.push({ y: -1, behavior: document.documentElement.style.scrollBehavior });
    });
    Element.prototype.scrollIntoView = intoView;
    const router = shop();
    await act(() => router.navigate('/products/simple-cross-tee#reviews'));
    expect(intoView).toHaveBeenCalledTimes(1);
    expect(scrolls.at(-1)).toEqual({ y: -1, behavior: '' });
  });
});
