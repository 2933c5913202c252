import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { allowConsoleError } from '../../../tests/support/console-error-policy';
import { NotFound } from './not-found';

describe('NotFound', () => {
  afterEach(() => vi.restoreAllMocks());

  it("shows the spec's text, a link home, and logs the path to the console", async () => {
    allowConsoleError();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = createMemoryRouter([{ path: '*', element: <NotFound /> }], { initialEntries: ['/lost/page'] });
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('Oops! This page seems to have lost its way.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('404'), '/lost/page');
  });
});
