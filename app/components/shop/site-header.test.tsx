import { act, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { simpleCrossTeeBlueM as tee } from '../../../tests/support/cart-items';
import type * as CartStore from '~/lib/cart-store';
import type * as SiteHeaderModule from './site-header';

let cartActions: typeof CartStore.cartActions;
let SiteHeader: typeof SiteHeaderModule.SiteHeader;

function renderHeader(path = '/') {
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        path: '*',
        loader: () => ({ viewer: null, favoriteIds: [] }),
        element: <SiteHeader viewer={null} />,
      },
    ],
    { initialEntries: [path], hydrationData: { loaderData: { root: { viewer: null, favoriteIds: [] } } } },
  );
  render(<RouterProvider router={router} />);
  return within(screen.getByRole('banner'));
}

// Each test loads the header with fresh cart and favorites stores, as a new page does.
beforeEach(async () => {
  window.localStorage.clear();
  vi.resetModules();
  ({ cartActions } = await import('~/lib/cart-store'));
  ({ SiteHeader } = await import('./site-header'));
});

describe('SiteHeader', () => {
  it('names the cart and favorites links plainly while they are empty, with no count', () => {
    const header = renderHeader();
    expect(header.getByRole('link', { name: 'Cart' })).toHaveAttribute('href', '/cart');
    expect(header.getByRole('link', { name: 'Favorites' })).toHaveAttribute('href', '/favorites');
    expect(header.queryByTestId('cart-count')).toBeNull();
    expect(header.queryByTestId('favorites-count')).toBeNull();
  });

  it('says the cart count in the link name and its corner, one item or several', () => {
    const header = renderHeader();
    act(() => cartActions.add(tee));
    expect(header.getByRole('link', { name: 'Cart, 1 item' })).toBeInTheDocument();
    act(() => cartActions.add({ ...tee, id: 'Simple Cross Tee-Blue-L', size: 'L' }));
    act(() => cartActions.add(tee));
    expect(header.getByRole('link', { name: 'Cart, 3 items' })).toBeInTheDocument();
    expect(header.getByTestId('cart-count')).toHaveTextContent('3');
  });

  it('marks the category link of the page being shown, and only that one', () => {
    const header = renderHeader('/t-shirts');
    const nav = within(header.getByRole('navigation', { name: 'Main' }));
    const current = nav.getAllByRole('link').filter((link) => link.getAttribute('aria-current') === 'page');
    expect(current.map((link) => link.getAttribute('href'))).toEqual(['/t-shirts']);
    for (const link of nav.getAllByRole('link')) expect(link).toHaveAttribute('data-discover', 'true');
  });
});
