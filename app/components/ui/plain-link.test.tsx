import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PlainLink } from './plain-link';

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
});
