import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REDEMPTION_RATE, redemptionRateOf, type RedemptionRate } from '@domain/loyalty';
import { Toaster } from '~/components/ui/toaster';
import AuthPage from './auth';

function renderAuth(link: 'verified' | 'invalid' | null = null, redemptionRate: RedemptionRate = REDEMPTION_RATE) {
  const Page = AuthPage as unknown as (props: {
    loaderData: { link: typeof link; redemptionRate: RedemptionRate };
  }) => React.ReactElement;
  const router = createMemoryRouter(
    [
      {
        path: '/auth',
        element: (
          <>
            <Page loaderData={{ link, redemptionRate }} />
            <Toaster />
          </>
        ),
      },
    ],
    { initialEntries: ['/auth'] },
  );
  return render(<RouterProvider router={router} />);
}

function answer(status: number, body: unknown) {
  return vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
}

describe('/auth page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('toggles between sign-in and sign-up with the spec texts and fields', async () => {
    renderAuth();
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.queryByLabelText('First name')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: "Don't have an account? Sign up" }));
    expect(screen.getByLabelText('First name')).toBeInTheDocument();
    expect(screen.getByLabelText('Last name')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Already have an account? Sign in' }));
    expect(screen.queryByLabelText('First name')).not.toBeInTheDocument();
    expect(screen.getByRole('complementary')).toHaveTextContent('100 points per $1');
    expect(screen.getByRole('complementary')).toHaveTextContent(
      'Use 2,000 points for $1.00 off your next order (5% back).',
    );
  });

  it('states the configured redemption rate in the benefits panel', () => {
    renderAuth(null, redemptionRateOf(500));
    expect(screen.getByRole('complementary')).toHaveTextContent('Use 500 points for $1.00 off your next order (20% back).');
  });

  it('asks for e-mail and password before sending anything', async () => {
    const fetchMock = answer(200, {});
    vi.stubGlobal('fetch', fetchMock);
    renderAuth();
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Please enter your email and password.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows 'Account exists' when the e-mail is registered", async () => {
    const fetchMock = answer(422, { code: 'USER_ALREADY_EXISTS', message: 'User already exists.' });
    vi.stubGlobal('fetch', fetchMock);
    renderAuth();
    fireEvent.click(screen.getByRole('button', { name: "Don't have an account? Sign up" }));
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Ruth' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ruth@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'long-enough-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Account exists')).toBeInTheDocument();
    expect(screen.getByText('This email is already registered. Try signing in instead.')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/sign-up/email');
    expect(JSON.parse(init.body as string)).toMatchObject({ email: 'ruth@example.com', firstName: 'Ruth', callbackURL: '/auth?verified=1' });
  });

  it('offers a new confirmation link to an unconfirmed account and sends it', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(new Response(JSON.stringify({ code: 'EMAIL_NOT_VERIFIED', message: 'Email not verified' }), { status: 403 }))
      .mockResolvedValueOnce(new Response(JSON.stringify({ status: true }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    renderAuth();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'new@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'whatever-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Send a new link' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/auth/send-verification-email');
    expect((await screen.findAllByText('Check your inbox for a new confirmation link.')).length).toBeGreaterThan(0);
  });

  it('explains the rate limit', async () => {
    vi.stubGlobal('fetch', answer(429, { message: 'Too many requests. Please try again later.' }));
    renderAuth();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Too many attempts from your network. Please wait a minute and try again.')).toBeInTheDocument();
  });

  it('greets a confirmed e-mail', () => {
    renderAuth('verified');
    expect(screen.getByRole('status')).toHaveTextContent('Your email is confirmed.');
  });
});
