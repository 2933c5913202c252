import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { isCurrentPath, PlainLink } from './plain-link';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function setup(target?: string) {
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <PlainLink to="/products/tee?color=Blue" className="tile" target={target}>
          Blue tee
        </PlainLink>
      ),
    },
    { path: '/products/:slug', element: <Where /> },
  ]);
  render(<RouterProvider router={router} />);
  return router;
}

describe('PlainLink', () => {
  it('is a plain link to the address, with its attributes', () => {
    setup();
    const link = screen.getByRole('link', { name: 'Blue tee' });
    expect(link).toHaveAttribute('href', '/products/tee?color=Blue');
    expect(link).toHaveClass('tile');
    expect(link).not.toHaveAttribute('data-discover');
  });

  it('navigates inside the app on a plain click (no page load)', async () => {
    const router = setup();
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    screen.getByRole('link', { name: 'Blue tee' }).dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(await screen.findByTestId('where')).toHaveTextContent('/products/tee?color=Blue');
    expect(router.state.location.pathname).toBe('/products/tee');
  });

  it('leaves a modified click, another button or another target to the browser', () => {
    const router = setup();
    const link = screen.getByRole('link', { name: 'Blue tee' });
    for (const init of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { altKey: true }, { button: 1 }]) {
      const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
      link.dispatchEvent(event);
      expect(event.defaultPrevented).toBe(false);
    }
    expect(router.state.location.pathname).toBe('/');
  });

  it('opens elsewhere as the browser does when it has a target', () => {
    const router = setup('_blank');
    expect(fireEvent.click(screen.getByRole('link', { name: 'Blue tee' }))).toBe(true); // not prevented
    expect(router.state.location.pathname).toBe('/');
  });

  it('asks for route discovery and marks the current page when told to', () => {
    const router = createMemoryRouter([
      {
        path: '/',
        element: (
          <PlainLink to="/t-shirts" discover current>
            T-Shirts
          </PlainLink>
        ),
      },
    ]);
    render(<RouterProvider router={router} />);
    const link = screen.getByRole('link', { name: 'T-Shirts' });
    expect(link).toHaveAttribute('data-discover', 'true');
    expect(link).toHaveAttribute('aria-current', 'page');
  });

  it('replaces the history entry when the link is to where the visitor is, as <Link> does', async () => {
    const router = createMemoryRouter(
      [
        {
          path: '/t-shirts',
          element: (
            <>
              <PlainLink to="/t-shirts?filter=cotton#products">Cotton</PlainLink>
              <Where />
            </>
          ),
        },
      ],
      { initialEntries: ['/', '/t-shirts'], initialIndex: 1 },
    );
    render(<RouterProvider router={router} />);
    fireEvent.click(screen.getByRole('link', { name: 'Cotton' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/t-shirts?filter=cotton');
    expect(router.state.historyAction).toBe('PUSH');
    fireEvent.click(screen.getByRole('link', { name: 'Cotton' }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(router.state.historyAction).toBe('REPLACE');
  });
});

describe('isCurrentPath', () => {
  it('is the page itself or one below it, in any letter case, as NavLink decides', () => {
    expect(isCurrentPath('/t-shirts', '/t-shirts')).toBe(true);
    expect(isCurrentPath('/T-Shirts', '/t-shirts')).toBe(true);
    expect(isCurrentPath('/t-shirts/more', '/t-shirts')).toBe(true);
    expect(isCurrentPath('/t-shirts-sale', '/t-shirts')).toBe(false);
    expect(isCurrentPath('/hoodies', '/t-shirts')).toBe(false);
    expect(isCurrentPath('/hoodies', '/')).toBe(false);
    expect(isCurrentPath('/', '/')).toBe(true);
  });
});
