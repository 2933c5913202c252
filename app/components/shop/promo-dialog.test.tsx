import '../../../tests/support/jsdom-dialog';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { holdModal } from '~/lib/modal-presence';
import { PROMO_DELAY_MS, PROMO_SEEN_KEY, PromoDialog } from './promo-dialog';
import { connectToastOutlet, type ToastMessage } from '~/lib/notify';

// Toasts are read where the shop's own outlet receives them (connectToastOutlet), not mocked by path.
const toasts: ToastMessage[] = [];
const disconnectToasts = connectToastOutlet((message) => toasts.push(message));
afterAll(() => disconnectToasts());

const TITLE = 'Get 10% off your order';

/** GET /api/promo as the shop answers it: the owner's featured code (JESUS in the demo shop; issue 26). */
function stubPromo(promo: { code: string; label: string } | null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ promo })),
  );
}

beforeEach(() => {
  sessionStorage.clear();
  toasts.length = 0;
  vi.useFakeTimers({ shouldAdvanceTime: true });
  stubPromo({ code: 'JESUS', label: '10% off your order' });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Renders the promo and lets its 2 s delay and the idle fallback pass; returns the open dialog. */
async function openPromo() {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  const view = render(<PromoDialog />);
  act(() => vi.advanceTimersByTime(PROMO_DELAY_MS + 10));
  const dialog = await screen.findByRole('dialog', { name: TITLE });
  return { user, dialog, view };
}

describe('PromoDialog', () => {
  it('does not open when the owner features no code (issue 26 item 5)', async () => {
    stubPromo(null);
    render(<PromoDialog />);
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/promo', expect.anything()));
    await act(async () => {
      vi.advanceTimersByTime(PROMO_DELAY_MS + 2000);
      await Promise.resolve();
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers the featured code in its own words', async () => {
    stubPromo({ code: 'FREESHIP', label: 'free shipping' });
    render(<PromoDialog />);
    act(() => vi.advanceTimersByTime(PROMO_DELAY_MS + 10));
    const dialog = await screen.findByRole('dialog', { name: 'Get free shipping' });
    expect(dialog).toHaveTextContent('FREESHIP');
  });

  it('waits 2 seconds (SPEC §9: 2000 ms), then opens over the page as a modal dialog labelled and described', async () => {
    expect(PROMO_DELAY_MS).toBe(2000);
    render(<PromoDialog />);
    act(() => vi.advanceTimersByTime(1900));
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => vi.advanceTimersByTime(200));
    const dialog = await screen.findByRole('dialog', { name: TITLE });
    expect(dialog.tagName).toBe('DIALOG');
    // Shown as a popover (no inert page to restyle), modal by script.
    expect(dialog).toHaveAttribute('data-popover-open');
    expect(dialog).toHaveAttribute('popover', 'manual');
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('Use this code at checkout and wear your faith for less.');
    expect(dialog).toHaveTextContent('JESUS');
    // Focus went into it (the first button).
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    expect(sessionStorage.getItem(PROMO_SEEN_KEY)).toBeNull();
  });

  it('opens in an idle moment after the delay, not in the middle of other work', async () => {
    const idle: { run: () => void; timeout?: number }[] = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void, options?: { timeout?: number }) => {
      idle.push({ run, timeout: options?.timeout });
      return idle.length;
    });
    vi.stubGlobal('cancelIdleCallback', vi.fn());
    render(<PromoDialog />);
    act(() => vi.advanceTimersByTime(PROMO_DELAY_MS - 10));
    expect(idle).toHaveLength(0);
    act(() => vi.advanceTimersByTime(5000));
    expect(idle).toHaveLength(1);
    // A deadline, so a page that never goes idle still shows it.
    expect(idle[0]!.timeout).toBeGreaterThan(0);
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => idle[0]!.run());
    expect(await screen.findByRole('dialog', { name: TITLE })).toBeInTheDocument();
  });

  it('Copy Code copies JESUS, says so, closes and marks it seen', async () => {
    const { user } = await openPromo();
    // After userEvent.setup(), which puts a clipboard stub of its own on navigator.
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copy Code' }));
    expect(writeText).toHaveBeenCalledWith('JESUS');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toasts).toContainEqual(expect.objectContaining({ title: 'Code copied!' }));
    expect(sessionStorage.getItem(PROMO_SEEN_KEY)).toBe('true');
  });

  it('Copy Code still closes when the clipboard refuses', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user } = await openPromo();
    const writeText = vi.fn().mockRejectedValue(new Error('denied'));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copy Code' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toasts).toEqual([]);
    expect(warn).toHaveBeenCalled();
    expect(sessionStorage.getItem(PROMO_SEEN_KEY)).toBe('true');
    warn.mockRestore();
  });

  it('Maybe Later closes it and marks it seen', async () => {
    const { user } = await openPromo();
    await user.click(screen.getByRole('button', { name: 'Maybe Later' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sessionStorage.getItem(PROMO_SEEN_KEY)).toBe('true');
  });

  it('the close button closes it and marks it seen', async () => {
    const { user } = await openPromo();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sessionStorage.getItem(PROMO_SEEN_KEY)).toBe('true');
  });

  it('Escape closes it and marks it seen; it does not open again in the same session', async () => {
    const { user, view } = await openPromo();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sessionStorage.getItem(PROMO_SEEN_KEY)).toBe('true');
    view.unmount();
    render(<PromoDialog />);
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a click on the backdrop closes it and marks it seen; clicks inside the panel do not', async () => {
    // Over the page, the <dialog> covers the viewport and the card is its child: a click that
    // lands on the dialog itself is a click beside the card.
    const { dialog } = await openPromo();
    const card = dialog.firstElementChild as HTMLElement;
    fireEvent.mouseDown(card);
    fireEvent.click(card);
    // A text selection dragged from the title out onto the backdrop.
    fireEvent.mouseDown(screen.getByText(TITLE));
    fireEvent.click(dialog);
    await act(async () => {});
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(sessionStorage.getItem(PROMO_SEEN_KEY)).toBeNull();

    fireEvent.mouseDown(dialog);
    fireEvent.click(dialog);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sessionStorage.getItem(PROMO_SEEN_KEY)).toBe('true');
  });

  it('keeps Tab and Shift+Tab inside, and brings focus back when it leaves', async () => {
    render(<button type="button">Somewhere on the page</button>);
    const page = screen.getByRole('button', { name: 'Somewhere on the page' });
    const { dialog } = await openPromo();
    const buttons = within(dialog).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(['Maybe Later', 'Copy Code', 'Close']);
    expect(buttons[0]).toHaveFocus();
    // The browser moves focus between the controls; the dialog only wraps at either end.
    const tab = (shiftKey = false) => fireEvent.keyDown(document.activeElement!, { key: 'Tab', shiftKey });
    expect(tab(true)).toBe(false); // default prevented
    expect(buttons[2]).toHaveFocus();
    expect(tab()).toBe(false);
    expect(buttons[0]).toHaveFocus();
    expect(tab()).toBe(true); // within: the browser's own move
    expect(buttons[0]).toHaveFocus();
    act(() => page.focus());
    expect(buttons[0]).toHaveFocus();
    expect(sessionStorage.getItem(PROMO_SEEN_KEY)).toBeNull();
  });

  it('gives focus back to where it was when it closes', async () => {
    render(<button type="button">Somewhere on the page</button>);
    const before = screen.getByRole('button', { name: 'Somewhere on the page' });
    before.focus();
    const { user } = await openPromo();
    expect(before).not.toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(before).toHaveFocus();
  });
});

describe('PromoDialog and other dialogs', () => {
  it('waits while another dialog is open (Admin Access clicked in the first 2 s), then opens', async () => {
    render(<PromoDialog />);
    const release = holdModal(); // the admin dialog opens at 1 s
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => release()); // and closes
    expect(await screen.findByRole('dialog')).toHaveTextContent(TITLE);
  });

  it('holds the modal presence while open, so nothing else waiting opens over it', async () => {
    const { user } = await openPromo();
    const { whenNoModal } = await import('~/lib/modal-presence');
    const next = vi.fn();
    const cancel = whenNoModal(next);
    expect(next).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Maybe Later' }));
    await waitFor(() => expect(next).toHaveBeenCalledTimes(1));
    cancel();
  });
});

describe('PromoDialog without its code', () => {
  it('shows nothing and breaks nothing when the dialog module cannot be fetched (offline after load)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.resetModules();
    vi.doMock('./promo-card', () => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    try {
      const { PromoDialog: Fresh } = await import('./promo-dialog');
      render(
        <>
          <p>The page</p>
          <Fresh />
        </>,
      );
      await act(async () => {
        vi.advanceTimersByTime(PROMO_DELAY_MS + 2000);
      });
      await act(async () => {});
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(screen.getByText('The page')).toBeInTheDocument();
      expect(warn).toHaveBeenCalledWith('Promo dialog unavailable', expect.any(Error));
      expect(sessionStorage.getItem(PROMO_SEEN_KEY)).toBeNull(); // not seen: it may show on a later page
    } finally {
      vi.doUnmock('./promo-card');
      warn.mockRestore();
    }
  });
});
