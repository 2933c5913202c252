import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from './dialog';

/** A dialog opened by state from a list row's button, as the admin's dialogs are (no Trigger). */
function Rows({ withAutoFocus = false }) {
  const [open, setOpen] = useState(false);
  const [isOpenerGone, setOpenerGone] = useState(false);
  return (
    <main>
      <button type="button">Back to Store</button>
      <ul>
        <li>
          <button type="button">Edit first</button>
          {!isOpenerGone && (
            <button type="button" onClick={() => setOpen(true)}>
              View Details
            </button>
          )}
        </li>
      </ul>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogTitle>Order WYF-1</DialogTitle>
          <DialogDescription>Details</DialogDescription>
          {withAutoFocus && <input aria-label="Passcode" autoFocus />}
          <button type="button" onClick={() => setOpen(false)}>
            Cancel
          </button>
          {/* A change made in the dialog that re-renders the row without its opener. */}
          <button type="button" onClick={() => setOpenerGone(true)}>
            Mark as shipped
          </button>
        </DialogContent>
      </Dialog>
    </main>
  );
}

async function openDialog() {
  await userEvent.click(screen.getByRole('button', { name: 'View Details' }));
  return screen.findByRole('dialog');
}

describe('DialogContent gives the focus back when it closes', () => {
  it('to the button that opened it, after Escape', async () => {
    render(<Rows />);
    await openDialog();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.getByRole('button', { name: 'View Details' })).toHaveFocus());
  });

  it('after Cancel or Close, even when a field inside took the focus first (autoFocus)', async () => {
    render(<Rows withAutoFocus />);
    await openDialog();
    expect(screen.getByLabelText('Passcode')).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'View Details' })).toHaveFocus());

    await openDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'View Details' })).toHaveFocus());
  });

  it('to the nearest control still on the page when the opener is gone', async () => {
    render(<Rows />);
    await openDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Mark as shipped' }));
    expect(screen.queryByRole('button', { name: 'View Details', hidden: true })).toBeNull();
    await userEvent.keyboard('{Escape}');
    // The opener's row is still there: its first control, not the page's first.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit first' })).toHaveFocus());
  });

  it('to the selected tab when the opener left with its tab before the dialog opened', async () => {
    /** The dashboard's low-stock card opens Edit Product on the Products tab. */
    function Tabs() {
      const [tab, setTab] = useState<'dashboard' | 'products'>('dashboard');
      const [open, setOpen] = useState(false);
      return (
        <div>
          <div role="tablist" tabIndex={0}>
            {(['dashboard', 'products'] as const).map((value) => (
              <button
                key={value}
                type="button"
                role="tab"
                aria-selected={tab === value}
                tabIndex={-1}
                onClick={() => setTab(value)}
              >
                {value}
              </button>
            ))}
          </div>
          <div role="tabpanel" hidden={tab !== 'dashboard'}>
            {tab === 'dashboard' && (
              <button type="button" onClick={() => (setTab('products'), setOpen(true))}>
                Armor of God Heavyweight Hoodie (Black, S)
              </button>
            )}
          </div>
          <Dialog open={open} onOpenChange={setOpen}>
            <DialogContent>
              <DialogTitle>Edit Product</DialogTitle>
              <DialogDescription>Fields</DialogDescription>
            </DialogContent>
          </Dialog>
        </div>
      );
    }
    render(<Tabs />);
    await userEvent.click(screen.getByRole('button', { name: /Armor of God/ }));
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByRole('tab', { name: 'products' })).toHaveFocus());
  });

  it('to returnFocusTo when nothing outside had the focus (a menu that closed)', async () => {
    function FromClosedMenu() {
      const [open, setOpen] = useState(true);
      return (
        <>
          <button type="button">Open menu</button>
          <Dialog open={open} onOpenChange={setOpen}>
            <DialogContent returnFocusTo={() => screen.getByRole('button', { name: 'Open menu', hidden: true })}>
              <DialogTitle>Admin Access</DialogTitle>
              <DialogDescription>Passcode</DialogDescription>
            </DialogContent>
          </Dialog>
        </>
      );
    }
    render(<FromClosedMenu />);
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus());
  });
});
