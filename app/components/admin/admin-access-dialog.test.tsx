import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminAccessDialog } from './admin-access-dialog';
import { connectToastOutlet, type ToastMessage } from '~/lib/notify';

// Toasts are read where the shop's own outlet receives them (connectToastOutlet), not mocked by path.
const toasts: ToastMessage[] = [];
const disconnectToasts = connectToastOutlet((message) => toasts.push(message));
afterAll(() => disconnectToasts());

function renderDialog(onOpenChange = vi.fn()) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <AdminAccessDialog open onOpenChange={onOpenChange} /> },
      { path: '/admin', element: <p>admin page</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return { router, onOpenChange };
}

describe('AdminAccessDialog', () => {
  beforeEach(() => {
    localStorage.clear();
    toasts.length = 0;
  });
  afterEach(() => vi.unstubAllGlobals());

  it('refuses an empty passcode without calling the server', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'Admin Access' })).toBeInTheDocument();
    expect(screen.getByText('Enter the admin passcode to access the management panel.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Passcode'), '   {Enter}');
    expect(toasts).toContainEqual({
      title: 'Error',
      description: 'Please enter a passcode',
      variant: 'destructive',
      topic: 'admin-access',
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows Verifying... with everything disabled, then clears the field on a wrong passcode', async () => {
    let answer!: (response: Response) => void;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    renderDialog();
    const field = screen.getByLabelText('Passcode');
    expect(field).toHaveAttribute('type', 'password');
    await userEvent.type(field, 'wrong{Enter}');
    expect(screen.getByRole('button', { name: 'Verifying...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(field).toBeDisabled();
    answer(Response.json({ success: false, error: 'Invalid passcode. Please try again.' }, { status: 401 }));
    await waitFor(() => expect(field).toHaveValue(''));
    expect(toasts).toContainEqual({
      title: 'Access Denied',
      description: 'Invalid passcode. Please try again.',
      variant: 'destructive',
      topic: 'admin-access',
    });
    expect(screen.getByRole('button', { name: 'Access' })).toBeEnabled();
    expect(localStorage.getItem('adminSessionToken')).toBeNull();
  });

  it('stores the token, welcomes, closes and goes to /admin on success', async () => {
    const token = 'a'.repeat(43);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ success: true, sessionToken: token })),
    );
    const { router, onOpenChange } = renderDialog();
    await userEvent.type(screen.getByLabelText('Passcode'), 'right');
    await userEvent.click(screen.getByRole('button', { name: 'Access' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(localStorage.getItem('adminSessionToken')).toBe(token);
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(toasts).toContainEqual({
      title: 'Access Granted',
      description: 'Welcome to the admin panel!',
      topic: 'admin-access',
    });
  });

  it('reports a network failure with the spec text', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { allowConsoleError } = await import('../../../tests/support/console-error-policy');
    allowConsoleError();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    renderDialog();
    await userEvent.type(screen.getByLabelText('Passcode'), 'x{Enter}');
    await waitFor(() =>
      expect(toasts).toContainEqual({
        title: 'Error',
        description: 'Failed to verify passcode. Please try again.',
        variant: 'destructive',
        topic: 'admin-access',
      }),
    );
  });
});
