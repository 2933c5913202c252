import '../../../tests/support/jsdom-dialog';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminDiscount } from '@domain/discount';
import { DiscountsTab } from './discounts-tab';


const jesus: AdminDiscount = {
  id: '00000000-0000-4000-8000-000000000001',
  code: 'JESUS',
  description: "The shop's welcome code",
  kind: 'percent',
  value: 10,
  minSubtotalCents: null,
  startsAt: null,
  endsAt: null,
  usageLimit: null,
  perCustomerLimit: null,
  newCustomersOnly: false,
  categories: [],
  isActive: true,
  isFeatured: true,
  state: 'active',
  timesUsed: 3,
  pendingUses: 1,
  orders: 2,
  discountGivenCents: 450,
  revenueCents: 4050,
};

/** The admin API as the tab sees it: GET lists the codes, POST and PUT are recorded and answered. */
function fakeAdminApi(answer: (method: string, body: unknown) => Response) {
  const sent: Array<{ method: string; url: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      if (method === 'GET') return Response.json({ discounts: [jesus] });
      const body = init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
      sent.push({ method, url, body });
      return answer(method, body);
    }),
  );
  return sent;
}

function renderTab() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <DiscountsTab />
    </QueryClientProvider>,
  );
}

describe('DiscountsTab', () => {
  beforeEach(() => {
    localStorage.setItem('adminSessionToken', 'a'.repeat(43));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('lists each code with its value, conditions, state, uses and results', async () => {
    fakeAdminApi(() => Response.json({}));
    renderTab();
    const row = await screen.findByTestId('discount-JESUS');
    expect(row).toHaveTextContent('10% off · No conditions');
    expect(within(row).getByTestId('discount-state')).toHaveTextContent('Active');
    expect(within(row).getByTestId('discount-uses')).toHaveTextContent(
      '3 used (1 in checkout) · 2 paid orders · $4.50 given · $40.50 revenue',
    );
    expect(screen.getByRole('heading', { name: 'Discounts (1)' })).toBeInTheDocument();
  });

  it('sends dollars as cents and dates as the shop clock; shows the server refusal naming the field', async () => {
    const sent = fakeAdminApi(() =>
      Response.json({ error: 'Ends at: must be after Starts at', code: 'invalid-discount' }, { status: 400 }),
    );
    renderTab();
    await screen.findByTestId('discount-JESUS');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add discount code' });
    await user.type(within(dialog).getByLabelText('Code *'), 'fair5');
    await user.selectOptions(within(dialog).getByLabelText('Kind *'), 'fixed');
    await user.type(within(dialog).getByLabelText('Amount off ($) *'), '5');
    await user.type(within(dialog).getByLabelText('Minimum subtotal ($)'), '30');
    await user.type(within(dialog).getByLabelText('Total uses'), '100');
    await user.click(within(dialog).getByRole('button', { name: 'Create code' }));
    expect(await within(dialog).findByTestId('discount-error')).toHaveTextContent('Ends at: must be after Starts at');
    expect(sent).toEqual([
      {
        method: 'POST',
        url: '/api/admin/discounts',
        body: expect.objectContaining({
          code: 'FAIR5',
          kind: 'fixed',
          value: 500,
          minSubtotalCents: 3000,
          usageLimit: 100,
          perCustomerLimit: null,
          startsAt: null,
          isActive: true,
        }),
      },
    ]);
  });
});
