import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROMO_SEEN_KEY, PromoDialog } from './promo-dialog';

vi.mock('~/lib/notify', () => ({ notify: vi.fn() }));

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.useRealTimers());

describe('PromoDialog', () => {
  it('opens after 2 seconds, Copy Code copies JESUS, closes and marks it seen', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime, pointerEventsCheck: 0 });
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<PromoDialog />);
    act(() => vi.advanceTimersByTime(1900));
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => vi.advanceTimersByTime(200));
    expect(await screen.findByRole('dialog')).toHaveTextContent('JESUS');
    await user.click(screen.getByRole('button', { name: 'Copy Code' }));
    expect(writeText).toHaveBeenCalledWith('JESUS');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sessionStorage.getItem(PROMO_SEEN_KEY)).toBe('true');
  });

  it('Escape closes it and marks it seen; it does not open again in the same session', async () => {
    const user = userEvent.setup();
    const first = render(<PromoDialog delayMs={0} />);
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sessionStorage.getItem(PROMO_SEEN_KEY)).toBe('true');
    first.unmount();
    vi.useFakeTimers();
    render(<PromoDialog delayMs={0} />);
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('PromoDialog and other dialogs', () => {
  it('waits while another dialog is open (Admin Access clicked in the first 2 s), then opens', async () => {
    const { holdModal } = await import('~/lib/modal-presence');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render(<PromoDialog />);
    const release = holdModal(); // the admin dialog opens at 1 s
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => release()); // and closes
    expect(await screen.findByRole('dialog')).toHaveTextContent('Get 10% off your order');
  });
});
