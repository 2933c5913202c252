import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminProduct } from '@domain/admin-contract';
import { MarginsTab } from './margins-tab';
import { connectToastOutlet, type ToastMessage } from '~/lib/notify';

// Toasts are read where the shop's own outlet receives them (connectToastOutlet), not mocked by path.
const toasts: ToastMessage[] = [];
const disconnectToasts = connectToastOutlet((message) => toasts.push(message));
afterAll(() => disconnectToasts());

const product = {
  id: 'p1',
  slug: 'simple-cross-tee',
  name: 'Simple Cross Tee',
  priceCents: 2000,
  costCents: 650,
} as AdminProduct;

/**
 * A fake admin API: GET lists the product with its saved cost; each PATCH is recorded and
 * answered when the test says so (`answer`), with the new cost saved or a refusal.
 */
function fakeAdminApi() {
  let savedCostCents: number | null = product.costCents;
  const patches: unknown[] = [];
  const waiting: ((refusal?: string) => void)[] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (init?.method === 'PATCH') {
      const body = JSON.parse(String(init.body)) as { costCents: number | null };
      patches.push(body);
      return new Promise<Response>((resolve) =>
        waiting.push((refusal) => {
          if (refusal) return resolve(Response.json({ error: refusal }, { status: 400 }));
          savedCostCents = body.costCents;
          resolve(Response.json({ product: { ...product, costCents: savedCostCents } }));
        }),
      );
    }
    expect(url).toBe('/api/admin/products');
    return Response.json({ products: [{ ...product, costCents: savedCostCents }] });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    patches,
    answer: (refusal?: string) => waiting.shift()?.(refusal),
  };
}

function renderTab() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MarginsTab />
    </QueryClientProvider>,
  );
  return screen.findByLabelText('Cost of Simple Cross Tee');
}

describe('MarginsTab cost field', () => {
  beforeEach(() => {
    localStorage.setItem('adminSessionToken', 'a'.repeat(43));
    toasts.length = 0;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('saves once for Enter and the blur after it, and leaves the field usable', async () => {
    const api = fakeAdminApi();
    const field = await renderTab();
    expect(field).toHaveValue(6.5);
    await userEvent.clear(field);
    await userEvent.type(field, '7.25{Enter}');
    // Chromium blurs the field next (the tester saw a second PATCH and toast): no second save.
    fireEvent.blur(field);
    api.answer();
    await waitFor(() => expect(toasts).toContainEqual({ title: 'Cost updated' }));
    await waitFor(() => expect(field).toHaveValue(7.25));
    fireEvent.blur(field);
    await userEvent.type(field, '{Enter}');
    expect(api.patches).toEqual([{ costCents: 725 }]);
    expect(toasts).toHaveLength(1);
    expect(field).not.toBeDisabled();
  });

  it('does not save a value equal to the saved one', async () => {
    const api = fakeAdminApi();
    const field = await renderTab();
    await userEvent.clear(field);
    await userEvent.type(field, '6.5{Enter}');
    fireEvent.blur(field);
    expect(api.patches).toEqual([]);
    expect(toasts).toEqual([]);
  });

  it('refuses a negative cost with the message and shows the saved cost again', async () => {
    const api = fakeAdminApi();
    const field = await renderTab();
    await userEvent.clear(field);
    await userEvent.type(field, '-5{Enter}');
    expect(toasts).toContainEqual({ title: 'Cost must be zero or a positive amount', variant: 'destructive' });
    expect(field).toHaveValue(6.5);
    expect(api.patches).toEqual([]);
  });

  it('shows the server refusal and returns to the saved cost', async () => {
    const api = fakeAdminApi();
    const field = await renderTab();
    await userEvent.clear(field);
    await userEvent.type(field, '99999999{Enter}');
    api.answer('Cost must be zero or a positive amount');
    await waitFor(() =>
      expect(toasts).toContainEqual({
        title: 'Failed to update product: Cost must be zero or a positive amount',
        variant: 'destructive',
      }),
    );
    expect(field).toHaveValue(6.5);
    expect(api.patches).toEqual([{ costCents: 9999999900 }]);
  });
});
