import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DonationSection } from './donation-section';
import { connectToastOutlet, type ToastMessage } from '~/lib/notify';

// Toasts are read where the shop's own outlet receives them (connectToastOutlet), not mocked by path.
const toasts: ToastMessage[] = [];
const disconnectToasts = connectToastOutlet((message) => toasts.push(message));
afterAll(() => disconnectToasts());

/** The shop's server at the network boundary: what the section sends to POST /api/donations, answered as the test says. */
function stubServer(answer: () => Promise<Response>) {
  const donations: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (String(url) === '/api/donations' && init?.method === 'POST') donations.push(JSON.parse(String(init.body)));
      return answer();
    }),
  );
  return donations;
}

beforeEach(() => {
  toasts.length = 0;
  vi.restoreAllMocks();
});
afterEach(() => vi.unstubAllGlobals());

describe('DonationSection', () => {
  it('keeps Donate disabled until an amount is chosen; Other shows and hides the custom input', async () => {
    const user = userEvent.setup();
    render(<DonationSection />);
    const donate = screen.getByRole('button', { name: 'Donate Now' });
    expect(donate).toBeDisabled();
    expect(screen.queryByLabelText('Custom amount (USD)')).toBeNull();
    await user.click(screen.getByRole('button', { name: '$25' }));
    expect(donate).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Other' }));
    const input = screen.getByLabelText('Custom amount (USD)');
    expect(input).toBeVisible();
    expect(input).toHaveAttribute('min', '1');
    expect(input).toHaveAttribute('step', '0.01');
    expect(donate).toBeDisabled(); // custom amount still empty
    expect(screen.getByRole('button', { name: 'Other' })).toHaveAttribute('aria-controls', input.parentElement!.id);
    await user.type(input, '12');
    await user.click(screen.getByRole('button', { name: 'Other' }));
    expect(screen.queryByLabelText('Custom amount (USD)')).toBeNull();
    expect(screen.getByRole('button', { name: 'Other' })).not.toHaveAttribute('aria-controls');
    // Asked for again, the field still holds what was typed.
    await user.click(screen.getByRole('button', { name: 'Other' }));
    expect(screen.getByLabelText('Custom amount (USD)')).toHaveValue(12);
  });

  it('refuses a custom amount under $1 with the spec toast', async () => {
    const user = userEvent.setup();
    render(<DonationSection />);
    await user.click(screen.getByRole('button', { name: 'Other' }));
    const donations = stubServer(async () => Response.json({ url: 'https://pay.example/session/1' }));
    await user.type(screen.getByLabelText('Custom amount (USD)'), '0.5');
    await user.click(screen.getByRole('button', { name: 'Donate Now' }));
    expect(toasts).toContainEqual({
      title: 'Invalid Amount',
      description: 'Please enter a valid donation amount of at least $1.',
      variant: 'destructive',
      topic: 'donation',
    });
    expect(donations).toEqual([]);
  });

  it('opens a tab at once, disables the buttons while processing and sends the tab to the payment page', async () => {
    const user = userEvent.setup();
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    let resolve: (value: Response) => void = () => undefined;
    const donations = stubServer(() => new Promise((done) => (resolve = done)));
    render(<DonationSection />);
    await user.click(screen.getByRole('button', { name: '$50' }));
    await user.click(screen.getByRole('button', { name: 'Donate Now' }));
    expect(window.open).toHaveBeenCalledWith('', '_blank');
    expect(donations).toEqual([{ amountCents: 5000 }]);
    expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '$10' })).toBeDisabled();
    await act(async () => resolve(Response.json({ url: 'https://pay.example/session/1' })));
    expect(tab.location.href).toBe('https://pay.example/session/1');
  });

  it("closes the tab and shows the server's message when the donation fails", async () => {
    const user = userEvent.setup();
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    stubServer(async () => Response.json({ error: 'Payments are paused', code: 'payments-paused' }, { status: 503 }));
    render(<DonationSection />);
    await user.click(screen.getByRole('button', { name: '$10' }));
    await user.click(screen.getByRole('button', { name: 'Donate Now' }));
    expect(tab.close).toHaveBeenCalled();
    expect(toasts).toContainEqual({
      title: 'Donation Error',
      description: 'Payments are paused',
      variant: 'destructive',
      topic: 'donation',
    });
  });
});
