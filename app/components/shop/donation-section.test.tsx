import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DonationSection } from './donation-section';

const notify = vi.hoisted(() => vi.fn());
vi.mock('~/lib/notify', () => ({ notify }));
const startDonation = vi.hoisted(() => vi.fn());
vi.mock('~/lib/donations', () => ({ startDonation }));

beforeEach(() => {
  notify.mockReset();
  startDonation.mockReset();
  vi.restoreAllMocks();
});

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
    await user.type(screen.getByLabelText('Custom amount (USD)'), '0.5');
    await user.click(screen.getByRole('button', { name: 'Donate Now' }));
    expect(notify).toHaveBeenCalledWith({
      title: 'Invalid Amount',
      description: 'Please enter a valid donation amount of at least $1.',
      variant: 'destructive',
      topic: 'donation',
    });
    expect(startDonation).not.toHaveBeenCalled();
  });

  it('opens a tab at once, disables the buttons while processing and sends the tab to the payment page', async () => {
    const user = userEvent.setup();
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    let resolve: (value: { url: string }) => void = () => undefined;
    startDonation.mockReturnValue(new Promise((done) => (resolve = done)));
    render(<DonationSection />);
    await user.click(screen.getByRole('button', { name: '$50' }));
    await user.click(screen.getByRole('button', { name: 'Donate Now' }));
    expect(window.open).toHaveBeenCalledWith('', '_blank');
    expect(startDonation).toHaveBeenCalledWith(5000);
    expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '$10' })).toBeDisabled();
    await act(async () => resolve({ url: 'https://pay.example/session/1' }));
    expect(tab.location.href).toBe('https://pay.example/session/1');
  });

  it("closes the tab and shows the server's message when the donation fails", async () => {
    const user = userEvent.setup();
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    startDonation.mockRejectedValue(new Error('Payments are paused'));
    render(<DonationSection />);
    await user.click(screen.getByRole('button', { name: '$10' }));
    await user.click(screen.getByRole('button', { name: 'Donate Now' }));
    expect(tab.close).toHaveBeenCalled();
    expect(notify).toHaveBeenCalledWith({ title: 'Donation Error', description: 'Payments are paused', variant: 'destructive', topic: 'donation' });
  });
});
