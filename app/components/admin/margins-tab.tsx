import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { marginBand, marginBarWidth, marginPercent, profitCents, summarizeMargins, type MarginColor } from '@domain/margin';
import * as ADMIN_MESSAGES from '@domain/admin-messages';
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
              <MarginRow key={product.id} product={product} />
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}

/** The cost as the field shows it: '' for none. */
function costText(costCents: number | null): string {
  return costCents === null ? '' : centsToDecimalString(costCents);
}

function MarginRow({ product }: { product: AdminProduct }) {
  const queryClient = useQueryClient();
  const savedText = costText(product.costCents);
  const [cost, setCost] = useState(savedText);
  // A newly saved cost (this row's save or another edit) replaces what the field shows.
  const [shownCostCents, setShownCostCents] = useState(product.costCents);
  if (shownCostCents !== product.costCents) {
    setShownCostCents(product.costCents);
    setCost(savedText);
  }
  // The cost on its way to the server: Enter saves it, and the blur that follows must not
  // save it again (a ref: the blur can come before React renders the pending state).
  const sending = useRef<{ costCents: number | null } | null>(null);
  const save = useMutation({
    mutationFn: (costCents: number | null) => adminSend(`/api/admin/products/${product.id}`, 'PATCH', { costCents }),
    // Returned, so the save stays pending until the list holds the new cost.
    onSuccess: () => {
      notify({ title: 'Cost updated' });
      return queryClient.invalidateQueries({ queryKey: ['admin', 'products'] });
    },
    onError: (error) => {
      notify({ title: ADMIN_MESSAGES.updateProductFailed(error.message), variant: 'destructive' });
      setCost(savedText);
    },
    onSettled: () => {
      sending.current = null;
    },
  });
  const percent = marginPercent(product.priceCents, product.costCents);
  const band = marginBand(percent);
  function commit() {
    const trimmed = cost.trim();
    const cents = trimmed === '' ? null : parsePriceToCents(trimmed);
    if (trimmed !== '' && (cents === null || cents < 0)) {
      // Refused: say why and show the saved cost again.
      notify({ title: ADMIN_MESSAGES.productCostInvalid, variant: 'destructive' });
      setCost(savedText);
      return;
    }
    if (sending.current ? cents === sending.current.costCents : cents === product.costCents) return;
    sending.current = { costCents: cents };
    save.mutate(cents);
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
          // Read-only, not disabled, while saving: a disabled field would lose the focus.
          readOnly={save.isPending}
          aria-busy={save.isPending || undefined}
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
