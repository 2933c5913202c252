import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { AdminTaxRate, AdminTaxReport, AdminTaxSettings } from '@domain/admin-contract';
import { formatCents, formatCount } from '@domain/money';
import { SHIPPING_COUNTRIES, US_STATES } from '@domain/shipping-address';
import {
  formatTaxRate,
  MAX_TAX_RATE_MILLI,
  parseTaxRateInput,
  TAX_MESSAGES,
  taxPlaceName,
  taxRateInputValue,
  type StripeTaxMode,
  type TaxRateField,
} from '@domain/tax';
import { Download, Pencil, Plus, Trash2 } from '~/components/ui/icons';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { NativeSelect } from '~/components/ui/native-select';
import { adminGet, adminSend, isAdminSessionError } from '~/lib/admin/admin-api';
import { downloadAdminFile } from '~/lib/admin/csv-files';
import { notify } from '~/lib/notify';
import { TYPED_YEARS } from '@domain/dates';

const QUERY_KEY = ['admin', 'tax-rates'];

/**
 * Tax tab (issue 25; Owner only once staff roles exist): the places where the shop collects
 * sales tax, how Stripe Checkout collects it, and the monthly report to file with. Every row is
 * checked by the same rule as the server's (domain/tax.ts); the server decides.
 */
export function TaxTab() {
  const settings = useQuery({
    queryKey: QUERY_KEY,
    queryFn: () => adminGet<AdminTaxSettings>('/api/admin/tax-rates'),
  });
  const [editing, setEditing] = useState<AdminTaxRate | null>(null);
  return (
    <section aria-labelledby="tax-heading" className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <div className="min-w-0 rounded-xl border border-line bg-white p-4 sm:p-5">
        <h2 id="tax-heading" className="text-lg font-semibold">
          Sales tax
        </h2>
        <p className="mt-1 text-sm text-muted">
          The places where the shop collects sales tax. A shopper whose shipping address is in one of them pays its rate
          on what they buy (after discounts and points), and on shipping where shipping is taxed; every other place pays
          no tax. The cart says &ldquo;{TAX_MESSAGES.cartNote}&rdquo;; the checkout page adds the tax as soon as the
          address is chosen.
        </p>
        {settings.isError && !isAdminSessionError(settings.error) && (
          <p role="alert" className="mt-3 text-sm text-red-700">
            {TAX_MESSAGES.fetchFailed}
          </p>
        )}
        {settings.data ? (
          <TaxRatesTable rates={settings.data.rates} onEdit={setEditing} editingId={editing?.id ?? null} />
        ) : null}
      </div>
      <TaxRateForm key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
      {settings.data ? <StripeTaxSetting settings={settings.data} /> : null}
      <TaxReportPanel />
    </section>
  );
}

function TaxRatesTable(props: { rates: AdminTaxRate[]; editingId: string | null; onEdit(rate: AdminTaxRate): void }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: (rate: AdminTaxRate) => adminSend<{ removed: true }>(`/api/admin/tax-rates/${rate.id}`, 'DELETE'),
    onSuccess: (_answer, rate) => {
      notify({ title: TAX_MESSAGES.rowRemoved, description: taxPlaceName(rate) });
      setConfirming(null);
      void queryClient.invalidateQueries({ queryKey: QUERY_KEY });
    },
    onError: (error) => notify({ title: TAX_MESSAGES.saveFailed, description: error.message, variant: 'destructive' }),
  });
  if (props.rates.length === 0) {
    return <p className="mt-4 text-sm text-muted">No places yet: the shop collects no sales tax anywhere.</p>;
  }
  return (
    // Keyboard users scroll it too (a focusable region); a phone is told it scrolls.
    <div className="relative mt-4 overflow-x-auto" tabIndex={0} role="region" aria-label="Tax rates, scrolls sideways">
      <p className="mb-2 text-xs text-muted sm:hidden">Swipe the table sideways to see every column.</p>
      <table className="w-full min-w-[18rem] text-left text-sm" aria-label="Tax rates">
        <thead className="border-b border-line text-xs uppercase tracking-wide text-muted">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">
              Place
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Rate
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Shipping taxed
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {props.rates.map((rate) => (
            <tr key={rate.id} data-testid={`tax-rate-${rate.country}-${rate.region || 'all'}`}>
              <th scope="row" className="py-2 pr-3 font-medium">
                {taxPlaceName(rate)}
              </th>
              <td className="py-2 pr-3 tabular-nums">{formatTaxRate(rate.rateMilli)}</td>
              <td className="py-2 pr-3">{rate.shippingTaxed ? 'Yes' : 'No'}</td>
              <td className="py-2 text-right">
                {confirming === rate.id ? (
                  <span className="inline-flex flex-wrap items-center justify-end gap-2">
                    <span className="text-xs text-muted">Remove {taxPlaceName(rate)}?</span>
                    <Button
                      size="sm"
                      variant="destructive"
                      disabled={remove.isPending}
                      onClick={() => remove.mutate(rate)}
                    >
                      Remove
                    </Button>
                    <Button size="sm" variant="outline" onClick={() => setConfirming(null)}>
                      Keep
                    </Button>
                  </span>
                ) : (
                  <span className="inline-flex gap-2">
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={`Edit ${taxPlaceName(rate)}`}
                      aria-pressed={props.editingId === rate.id}
                      onClick={() => props.onEdit(rate)}
                    >
                      <Pencil className="size-4" aria-hidden /> <span className="max-sm:sr-only">Edit</span>
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={`Remove ${taxPlaceName(rate)}`}
                      onClick={() => setConfirming(rate.id)}
                    >
                      <Trash2 className="size-4" aria-hidden />
                    </Button>
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

type FormValues = { country: string; region: string; rate: string; shippingTaxed: boolean };

function TaxRateForm(props: { editing: AdminTaxRate | null; onDone(): void }) {
  const { editing } = props;
  const queryClient = useQueryClient();
  const id = useId();
  const [values, setValues] = useState<FormValues>(
    editing
      ? {
          country: editing.country,
          region: editing.region,
          rate: taxRateInputValue(editing.rateMilli),
          shippingTaxed: editing.shippingTaxed,
        }
      : { country: 'US', region: '', rate: '', shippingTaxed: true },
  );
  const [problem, setProblem] = useState<{ field: TaxRateField | null; message: string } | null>(null);
  const save = useMutation({
    mutationFn: (body: FormValues) =>
      editing
        ? adminSend<{ rate: AdminTaxRate }>(`/api/admin/tax-rates/${editing.id}`, 'PUT', body)
        : adminSend<{ rate: AdminTaxRate }>('/api/admin/tax-rates', 'POST', body),
    onSuccess: (answer) => {
      notify({
        title: TAX_MESSAGES.rowSaved,
        description: `${taxPlaceName(answer.rate)}: ${formatTaxRate(answer.rate.rateMilli)}`,
      });
      setProblem(null);
      void queryClient.invalidateQueries({ queryKey: QUERY_KEY });
      if (!editing) setValues({ country: 'US', region: '', rate: '', shippingTaxed: true });
      props.onDone();
    },
    onError: (error) => {
      setProblem({ field: null, message: error.message });
      notify({ title: TAX_MESSAGES.saveFailed, description: error.message, variant: 'destructive' });
    },
  });
  const set = (patch: Partial<FormValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    setProblem(null);
  };
  const fieldError = (field: TaxRateField) => (problem?.field === field ? problem.message : null);
  const isUs = values.country === 'US';
  return (
    <form
      aria-labelledby={`${id}-title`}
      className="grid min-w-0 gap-3 rounded-xl border border-line bg-white p-4 sm:p-5"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        // The server's rule, checked here first so the field is named at once.
        const checked = parseTaxRateInput(values);
        if (!checked.ok) {
          setProblem({ field: checked.field, message: checked.message });
          return;
        }
        save.mutate(values);
      }}
    >
      <h3 id={`${id}-title`} className="font-semibold">
        {editing ? `Edit ${taxPlaceName(editing)}` : 'Add a place'}
      </h3>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-country`}>Country</Label>
          <NativeSelect
            id={`${id}-country`}
            value={values.country}
            onChange={(event) => set({ country: event.target.value, region: '' })}
            aria-invalid={fieldError('country') ? true : undefined}
          >
            {SHIPPING_COUNTRIES.map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-region`}>{isUs ? 'State' : 'State / Region (optional)'}</Label>
          {isUs ? (
            <NativeSelect
              id={`${id}-region`}
              value={values.region}
              onChange={(event) => set({ region: event.target.value })}
              aria-invalid={fieldError('region') ? true : undefined}
              aria-describedby={fieldError('region') ? `${id}-error` : undefined}
            >
              <option value="">Choose a state</option>
              {US_STATES.map((state) => (
                <option key={state.code} value={state.code}>
                  {state.name} ({state.code})
                </option>
              ))}
            </NativeSelect>
          ) : (
            <Input
              id={`${id}-region`}
              value={values.region}
              maxLength={3}
              placeholder="Whole country"
              onChange={(event) => set({ region: event.target.value })}
              aria-invalid={fieldError('region') ? true : undefined}
              aria-describedby={fieldError('region') ? `${id}-error` : undefined}
            />
          )}
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-rate`}>Rate (%)</Label>
          <Input
            id={`${id}-rate`}
            inputMode="decimal"
            placeholder="7"
            value={values.rate}
            onChange={(event) => set({ rate: event.target.value })}
            aria-invalid={fieldError('rate') ? true : undefined}
            aria-describedby={fieldError('rate') ? `${id}-error` : `${id}-rate-note`}
          />
          <p id={`${id}-rate-note`} className="text-xs text-muted">
            {`0 to ${MAX_TAX_RATE_MILLI / 1000}, up to 3 decimals`}
          </p>
        </div>
        <div className="flex items-center gap-2 sm:pt-7">
          <input
            id={`${id}-shipping`}
            type="checkbox"
            className="size-4 accent-brand-600"
            checked={values.shippingTaxed}
            onChange={(event) => set({ shippingTaxed: event.target.checked })}
          />
          <Label htmlFor={`${id}-shipping`}>Shipping is taxed here</Label>
        </div>
      </div>
      {problem ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700">
          {problem.message}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        {editing ? (
          <Button type="button" variant="outline" size="sm" onClick={props.onDone}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" size="sm" disabled={save.isPending}>
          {editing ? null : <Plus className="size-4" aria-hidden />}
          {save.isPending ? 'Saving...' : editing ? 'Save' : 'Add place'}
        </Button>
      </div>
    </form>
  );
}

const STRIPE_MODE_LABELS: Record<StripeTaxMode, { title: string; note: string }> = {
  rates: {
    title: 'The table above',
    note: 'Stripe Checkout applies these rates by the shipping address (Stripe tax rates, made from the table).',
  },
  automatic: {
    title: 'Stripe Tax',
    note: 'Stripe computes the tax where your Stripe account is registered to collect it (clothing and shipping tax codes).',
  },
};

function StripeTaxSetting({ settings }: { settings: AdminTaxSettings }) {
  const queryClient = useQueryClient();
  const id = useId();
  const save = useMutation({
    mutationFn: (mode: StripeTaxMode) =>
      adminSend<{ stripeTaxMode: StripeTaxMode }>('/api/admin/tax-settings', 'PUT', { stripeTaxMode: mode }),
    onSuccess: (answer) => {
      notify({ title: TAX_MESSAGES.modeSaved, description: STRIPE_MODE_LABELS[answer.stripeTaxMode].title });
      queryClient.setQueryData<AdminTaxSettings>(QUERY_KEY, (current) =>
        current ? { ...current, stripeTaxMode: answer.stripeTaxMode } : current,
      );
    },
    onError: (error) => notify({ title: TAX_MESSAGES.saveFailed, description: error.message, variant: 'destructive' }),
  });
  return (
    <fieldset className="grid min-w-0 gap-2 rounded-xl border border-line bg-white p-4 sm:p-5">
      <legend className="sr-only">How Stripe Checkout collects tax</legend>
      <h3 className="font-semibold" aria-hidden>
        How Stripe Checkout collects tax
      </h3>
      {!settings.usesStripe ? (
        <p className="text-sm text-muted">
          Payments use the built-in sandbox checkout (no Stripe key is set): it always uses the table above.
        </p>
      ) : null}
      {(['rates', 'automatic'] as const).map((mode) => (
        <label key={mode} htmlFor={`${id}-${mode}`} className="flex cursor-pointer items-start gap-2 text-sm">
          <input
            id={`${id}-${mode}`}
            type="radio"
            name={`${id}-mode`}
            className="mt-0.5 size-4 accent-brand-600"
            checked={settings.stripeTaxMode === mode}
            disabled={save.isPending}
            onChange={() => save.mutate(mode)}
          />
          <span>
            <span className="font-medium">{STRIPE_MODE_LABELS[mode].title}</span>
            <span className="block text-muted">{STRIPE_MODE_LABELS[mode].note}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

function TaxReportPanel() {
  const id = useId();
  const [range, setRange] = useState({ from: '', to: '' });
  const params = new URLSearchParams(Object.entries(range).filter(([, value]) => value !== '')).toString();
  const report = useQuery({
    queryKey: ['admin', 'tax-report', params],
    queryFn: () => adminGet<AdminTaxReport>(`/api/admin/tax-report${params ? `?${params}` : ''}`),
  });
  async function downloadCsv() {
    try {
      await downloadAdminFile(`/api/admin/tax-report?${params ? `${params}&` : ''}format=csv`, 'tax-report.csv');
    } catch (error) {
      console.error('[admin] tax report download failed', error);
      notify({ title: 'Failed to download the tax report', variant: 'destructive' });
    }
  }
  const money = (cents: number) => formatCents(cents);
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="grid min-w-0 gap-3 rounded-xl border border-line bg-white p-4 sm:p-5"
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h3 id={`${id}-title`} className="font-semibold">
            Tax report
          </h3>
          <p className="text-sm text-muted">
            Per month (UTC) and place: sales taxed, shipping taxed, tax collected on the orders paid that month, and the
            sales and tax refunded that month.
          </p>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <div className="space-y-1">
            <Label htmlFor={`${id}-from`}>From</Label>
            <Input
              id={`${id}-from`}
              type="month"
              min={`${TYPED_YEARS.first}-01`}
              max={`${TYPED_YEARS.last}-12`}
              value={range.from}
              onChange={(event) => setRange((r) => ({ ...r, from: event.target.value }))}
            />
          </div>
          <div className="space-y-1">
            <Label htmlFor={`${id}-to`}>To</Label>
            <Input
              id={`${id}-to`}
              type="month"
              min={`${TYPED_YEARS.first}-01`}
              max={`${TYPED_YEARS.last}-12`}
              value={range.to}
              onChange={(event) => setRange((r) => ({ ...r, to: event.target.value }))}
            />
          </div>
          <Button variant="outline" size="sm" onClick={() => void downloadCsv()}>
            <Download className="size-4" aria-hidden /> Download CSV
          </Button>
        </div>
      </div>
      {report.isError && !isAdminSessionError(report.error) ? (
        <p role="alert" className="text-sm text-red-700">
          {report.error.message}
        </p>
      ) : null}
      {report.data && report.data.rows.length === 0 ? (
        <p className="text-sm text-muted">No taxed orders in this period.</p>
      ) : null}
      {report.data && report.data.rows.length > 0 ? (
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Tax report, scrolls sideways">
          <p className="mb-2 text-xs text-muted sm:hidden">Swipe the table sideways to see every column.</p>
          <table className="w-full min-w-[46rem] text-left text-sm" aria-label="Tax report">
            <thead className="border-b border-line text-xs uppercase tracking-wide text-muted">
              <tr>
                {[
                  'Month',
                  'Place',
                  'Orders',
                  'Taxable sales',
                  'Shipping taxed',
                  'Taxable refunded',
                  'Tax collected',
                  'Tax refunded',
                  'Net tax',
                ].map((title, index) => (
                  <th key={title} scope="col" className={`py-2 pr-3 font-medium ${index >= 2 ? 'text-right' : ''}`}>
                    {title}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-line tabular-nums">
              {report.data.rows.map((row) => (
                <tr key={`${row.month}-${row.country}-${row.region}`}>
                  <td className="py-2 pr-3">{row.month}</td>
                  <th scope="row" className="py-2 pr-3 font-medium">
                    {row.place}
                  </th>
                  <td className="py-2 pr-3 text-right">{formatCount(row.orders)}</td>
                  <td className="py-2 pr-3 text-right">{money(row.taxableSalesCents)}</td>
                  <td className="py-2 pr-3 text-right">{money(row.shippingTaxedCents)}</td>
                  <td className="py-2 pr-3 text-right">{money(row.taxableRefundedCents)}</td>
                  <td className="py-2 pr-3 text-right">{money(row.taxCollectedCents)}</td>
                  <td className="py-2 pr-3 text-right">{money(row.taxRefundedCents)}</td>
                  <td className="py-2 pr-3 text-right font-medium">{money(row.netTaxCents)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot className="border-t border-line font-semibold tabular-nums">
              <tr>
                <th scope="row" colSpan={2} className="py-2 pr-3">
                  Total
                </th>
                <td className="py-2 pr-3 text-right">{formatCount(report.data.totals.orders)}</td>
                <td className="py-2 pr-3 text-right">{money(report.data.totals.taxableSalesCents)}</td>
                <td className="py-2 pr-3 text-right">{money(report.data.totals.shippingTaxedCents)}</td>
                <td className="py-2 pr-3 text-right">{money(report.data.totals.taxableRefundedCents)}</td>
                <td className="py-2 pr-3 text-right">{money(report.data.totals.taxCollectedCents)}</td>
                <td className="py-2 pr-3 text-right">{money(report.data.totals.taxRefundedCents)}</td>
                <td className="py-2 pr-3 text-right" data-testid="tax-report-net">
                  {money(report.data.totals.netTaxCents)}
                </td>
              </tr>
            </tfoot>
          </table>
        </div>
      ) : null}
    </section>
  );
}
