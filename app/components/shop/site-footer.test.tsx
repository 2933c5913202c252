import '../../../tests/support/jsdom-dialog';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { whenNoModal } from '~/lib/modal-presence';
import { SiteFooter } from './site-footer';

function renderFooter() {
  const router = createMemoryRouter([{ path: '*', element: <SiteFooter /> }], { initialEntries: ['/'] });
  render(<RouterProvider router={router} />);
  return userEvent.setup();
}

describe('SiteFooter', () => {
  it('lists the shop pages, the five Quick Links and the contact details with Indiana (SPEC §2 Footer)', () => {
    renderFooter();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Hoodies' })).toHaveAttribute('href', '/hoodies');
    expect(within(footer).getByRole('link', { name: 'Accessories' })).toHaveAttribute('href', '/accessories');
    const quickLinks = within(footer).getByRole('heading', { name: 'Quick Links' }).nextElementSibling as HTMLElement;
    expect(
      within(quickLinks)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['About Us', 'Our Story', 'Size Guide', 'Shipping Info', 'Returns']);
    for (const button of within(quickLinks).getAllByRole('button'))
      expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    expect(within(footer).getByRole('link', { name: 'hello@wearyourfaith.shop' })).toHaveAttribute(
      'href',
      'mailto:hello@wearyourfaith.shop',
    );
    expect(footer).toHaveTextContent('Indiana');
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} Wear Your Faith. All rights reserved.`);
  });

  it("Shipping Info opens a dialog with the spec's two sentences; Escape closes it and focus returns", async () => {
    const user = renderFooter();
    const opener = screen.getByRole('button', { name: 'Shipping Info' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Shipping Info' });
    expect(dialog.tagName).toBe('DIALOG');
    expect(dialog).toHaveAccessibleDescription('When your order arrives and where we ship.');
    expect(dialog).toHaveTextContent('Shipping typically takes 3-4 business days');
    expect(dialog).toHaveTextContent('We ship domestically and worldwide');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(opener).toHaveFocus();
  });

  it('each Quick Link opens its own dialog, and the close button closes it', async () => {
    const user = renderFooter();
    for (const name of ['About Us', 'Our Story', 'Size Guide', 'Shipping Info', 'Returns']) {
      await user.click(screen.getByRole('button', { name }));
      const dialog = await screen.findByRole('dialog', { name });
      expect(dialog).toHaveAccessibleDescription(/\w/);
      await user.click(within(dialog).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    }
  });

  it('the Size Guide is a table of chest sizes from XS to XXL', async () => {
    const user = renderFooter();
    await user.click(screen.getByRole('button', { name: 'Size Guide' }));
    const table = within(await screen.findByRole('dialog', { name: 'Size Guide' })).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Size', 'T-shirt chest', 'Hoodie chest']);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['XS', 'S', 'M', 'L', 'XL', 'XXL']);
  });

  it('an open Quick Links dialog holds back the promo dialog until it closes', async () => {
    const user = renderFooter();
    await user.click(screen.getByRole('button', { name: 'Returns' }));
    await screen.findByRole('dialog', { name: 'Returns' });
    const promo = vi.fn();
    const cancel = whenNoModal(promo);
    expect(promo).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(promo).toHaveBeenCalledTimes(1));
    cancel();
  });
});
