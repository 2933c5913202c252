import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { marginBand, marginBarWidth, marginPercent, profitCents, summarizeMargins, type MarginColor } from '@domain/margin';
import { centsToDecimalString, parsePriceToCents } from '@domain/money';
import { Input } from '~/components/ui/input';
import { notify } from '~/lib/notify';
import { adminSend } from '~/lib/admin/admin-api';
import { formatCents } from './format';
import type { AdminProduct } from '@domain/admin-contract';
import { useAdminProducts } from './products-tab';

const BAR: Record<MarginColor, string> = { green: 'bg-green-500', yellow: 'bg-yellow-400', orange: 'bg-orange-500', red: 'bg-red-600' };
const TEXT: Record<MarginColor, string> = { green: 'text-green-700', yellow: 'text-yellow-700', orange: 'text-orange-700', red: 'text-red-700' };

/** Margins tab (SPEC §2, §4, §9): summary cards and a table with the cost editable in place. */
export function MarginsTab() {
  const products = useAdminProducts();
  const list = products.data?.products ?? [];
  const summary = summarizeMargins(list);
  const cards = [
    { label: 'Average margin', value: `${summary.averageMarginPercent}%` },
    { label: 'Total profit potential', value: formatCents(summary.totalProfitPotentialCents) },
    { label: 'Excellent (50%+)', value: summary.countByBand.excellent },
    { label: 'Good (25–50%)', value: summary.countByBand.good },
    { label: 'Low (0–25%)', value: summary.countByBand.low },
    { label: 'Loss (below 0%)', value: summary.countByBand.loss },
  ];
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3 xl:grid-cols-6">
        {cards.map((card) => (
          <li key={card.label} className="rounded-xl border border-line bg-white p-4">
            <p className="text-sm text-muted">{card.label}</p>
            <p className="mt-2 text-2xl font-semibold tabular-nums">{card.value}</p>
          </li>
        ))}
      </ul>
      <section className="overflow-x-auto rounded-xl border border-line bg-white">
        <table className="w-full min-w-[640px] text-sm">
          <thead className="bg-brand-50 text-left text-muted">
            <tr>
              <th className="p-3 font-medium">Product</th>
              <th className="p-3 font-medium">Price</th>
              <th className="p-3 font-medium">Cost</th>
              <th className="p-3 font-medium">Profit</th>
              <th className="p-3 font-medium">Margin</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {list.map((product) => (
              <MarginRow key={`${product.id}-${product.costCents}`} product={product} />
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}

function MarginRow({ product }: { product: AdminProduct }) {
  const queryClient = useQueryClient();
  const [cost, setCost] = useState(product.costCents === null ? '' : centsToDecimalString(product.costCents));
  const save = useMutation({
    mutationFn: (costCents: number | null) => adminSend(`/api/admin/products/${product.id}`, 'PATCH', { costCents }),
    onSuccess: () => {
      notify({ title: 'Cost updated' });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'products'] });
    },
    onError: (error) => notify({ title: MESSAGES_UPDATE_FAILED(error.message), variant: 'destructive' }),
  });
  const percent = marginPercent(product.priceCents, product.costCents);
  const band = marginBand(percent);
  function commit() {
    const trimmed = cost.trim();
    const cents = trimmed === '' ? null : parsePriceToCents(trimmed);
    if (trimmed !== '' && (cents === null || cents < 0)) {
      notify({ title: 'Cost must be zero or a positive amount', variant: 'destructive' });
      return;
    }
    if (cents !== product.costCents) save.mutate(cents);
  }
  return (
    <tr>
      <td className="p-3 font-medium">{product.name}</td>
      <td className="p-3 tabular-nums">{formatCents(product.priceCents)}</td>
      <td className="p-3">
        <Input
          aria-label={`Cost of ${product.name}`}
          type="number"
          step="0.01"
          min="0"
          inputMode="decimal"
          value={cost}
          disabled={save.isPending}
          onChange={(event) => setCost(event.target.value)}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commit();
          }}
          className="h-9! w-28!"
        />
      </td>
      <td className="p-3 tabular-nums">{formatCents(profitCents(product.priceCents, product.costCents))}</td>
      <td className="p-3">
        <div className="flex items-center gap-3">
          <span className={`w-24 font-medium tabular-nums ${TEXT[band.color]}`}>
            {percent.toFixed(1)}% {band.label}
          </span>
          <div className="h-2 w-24 overflow-hidden rounded-full bg-brand-50" aria-hidden>
            <div className={`h-full ${BAR[band.color]}`} style={{ width: `${marginBarWidth(percent)}%` }} />
          </div>
        </div>
      </td>
    </tr>
  );
}

const MESSAGES_UPDATE_FAILED = (message: string) => `Failed to update product: ${message}`;
