/**
 * Discounts tab (issue 26 item 1): every code with its kind, value, conditions, uses so far,
 * state and what it did (orders, discount given, their revenue); the owner creates, edits,
 * pauses and deletes codes. Every rule and sentence comes from domain/discount.ts; the server
 * checks every field again and names the one that is wrong.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { CATEGORY_LABELS, PRODUCT_CATEGORIES, type ProductCategory } from '@domain/categories';
import {
  describeConditions,
  describeValue,
  DISCOUNT_KIND_LABELS,
  DISCOUNT_KINDS,
  DISCOUNT_STATE_LABELS,
  DISCOUNT_TIME_ZONE,
  instantToShopTime,
  type AdminDiscount,
  type DiscountKind,
  type DiscountState,
} from '@domain/discount';
import { centsToDecimalString, formatCents, formatCount, formatCountOf, parsePriceToCents } from '@domain/money';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '~/components/ui/dialog';
import { CheckboxField, CheckboxList } from '~/components/ui/checkbox';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { adminGet, adminSend, isAdminSessionError } from '~/lib/admin/admin-api';
import { notify } from '~/lib/notify';
import { ChoiceSelect } from './choice-select';
import { TYPED_YEARS } from '@domain/dates';

const QUERY_KEY = ['admin', 'discounts'];

const STATE_BADGES: Record<DiscountState, 'default' | 'secondary' | 'outline' | 'destructive'> = {
  active: 'default',
  scheduled: 'secondary',
  expired: 'outline',
  'used-up': 'outline',
  off: 'destructive',
};

/** The form as typed (money in dollars, dates on the shop's clock). */
interface DiscountFormValues {
  code: string;
  description: string;
  kind: DiscountKind;
  percent: string;
  amount: string;
  minimum: string;
  startsAt: string;
  endsAt: string;
  usageLimit: string;
  perCustomerLimit: string;
  newCustomersOnly: boolean;
  categories: ProductCategory[];
  isActive: boolean;
  isFeatured: boolean;
}

const EMPTY: DiscountFormValues = {
  code: '',
  description: '',
  kind: 'percent',
  percent: '',
  amount: '',
  minimum: '',
  startsAt: '',
  endsAt: '',
  usageLimit: '',
  perCustomerLimit: '',
  newCustomersOnly: false,
  categories: [],
  isActive: true,
  isFeatured: false,
};

function toFormValues(discount: AdminDiscount | null): DiscountFormValues {
  if (!discount) return EMPTY;
  return {
    code: discount.code,
    description: discount.description,
    kind: discount.kind,
    percent: discount.kind === 'percent' ? String(discount.value) : '',
    amount: discount.kind === 'fixed' ? centsToDecimalString(discount.value) : '',
    minimum: discount.minSubtotalCents === null ? '' : centsToDecimalString(discount.minSubtotalCents),
    startsAt: discount.startsAt ? instantToShopTime(new Date(discount.startsAt)) : '',
    endsAt: discount.endsAt ? instantToShopTime(new Date(discount.endsAt)) : '',
    usageLimit: discount.usageLimit === null ? '' : String(discount.usageLimit),
    perCustomerLimit: discount.perCustomerLimit === null ? '' : String(discount.perCustomerLimit),
    newCustomersOnly: discount.newCustomersOnly,
    categories: discount.categories,
    isActive: discount.isActive,
    isFeatured: discount.isFeatured,
  };
}

/** What is sent: numbers where the field holds one, the text as typed where it does not (the server names the field). */
function toBody(values: DiscountFormValues) {
  const whole = (text: string) => (text.trim() === '' ? null : /^\d+$/.test(text.trim()) ? Number(text.trim()) : text);
  const cents = (text: string) => (text.trim() === '' ? null : (parsePriceToCents(text) ?? text));
  return {
    code: values.code,
    description: values.description,
    kind: values.kind,
    value: values.kind === 'percent' ? whole(values.percent) : values.kind === 'fixed' ? cents(values.amount) : 0,
    minSubtotalCents: cents(values.minimum),
    startsAt: values.startsAt || null,
    endsAt: values.endsAt || null,
    usageLimit: whole(values.usageLimit),
    perCustomerLimit: whole(values.perCustomerLimit),
    newCustomersOnly: values.newCustomersOnly,
    categories: values.categories,
    isActive: values.isActive,
    isFeatured: values.isFeatured,
  };
}

function usesText(discount: AdminDiscount): string {
  const limit = discount.usageLimit === null ? '' : ` of ${formatCount(discount.usageLimit)}`;
  const pending = discount.pendingUses > 0 ? ` (${formatCount(discount.pendingUses)} in checkout)` : '';
  return `${formatCount(discount.timesUsed)}${limit} used${pending}`;
}

export function DiscountsTab() {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<AdminDiscount | 'new' | null>(null);
  const discounts = useQuery({
    queryKey: QUERY_KEY,
    queryFn: () => adminGet<{ discounts: AdminDiscount[] }>('/api/admin/discounts'),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: QUERY_KEY });
  const save = useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: unknown }) =>
      id
        ? adminSend<{ discount: AdminDiscount }>(`/api/admin/discounts/${id}`, 'PUT', body)
        : adminSend<{ discount: AdminDiscount }>('/api/admin/discounts', 'POST', body),
    onSuccess: (answer, { id }) => {
      notify({ title: id ? 'Discount code saved' : 'Discount code created', description: answer.discount.code });
      void refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (discount: AdminDiscount) =>
      adminSend<{ retired: boolean }>(`/api/admin/discounts/${discount.id}`, 'DELETE'),
    onSuccess: (answer, discount) => {
      notify({
        title: 'Discount code deleted',
        description: answer.retired ? `${discount.code} is kept on the orders that used it` : discount.code,
      });
      void refresh();
    },
    onError: (error) =>
      notify({ title: 'Failed to delete the discount code', description: error.message, variant: 'destructive' }),
  });
  const list = discounts.data?.discounts ?? [];

  function togglePause(discount: AdminDiscount) {
    const body = { ...toBody(toFormValues(discount)), isActive: !discount.isActive };
    save.mutate(
      { id: discount.id, body },
      {
        onError: (error) =>
          notify({ title: 'Failed to save the discount code', description: error.message, variant: 'destructive' }),
      },
    );
  }

  return (
    <section aria-labelledby="discounts-heading" className="grid gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3 rounded-xl border border-line bg-white p-4 sm:p-5">
        <div className="min-w-0">
          <h2 id="discounts-heading" className="text-lg font-semibold">
            Discounts ({list.length})
          </h2>
          <p className="mt-1 text-sm text-muted">
            Codes shoppers type in the cart. Dates are in the shop&apos;s time zone (Indianapolis). A code used by
            orders is kept on them when deleted.
          </p>
          {discounts.isError && !isAdminSessionError(discounts.error) && (
            <p role="alert" className="mt-3 text-sm text-red-700">
              Failed to fetch discount codes
            </p>
          )}
        </div>
        <Button type="button" variant="brand" onClick={() => setEditing('new')}>
          Add code
        </Button>
      </div>
      {discounts.isSuccess && list.length === 0 ? (
        <p className="rounded-xl border border-line bg-white p-6 text-center text-sm text-muted">
          No discount codes yet
        </p>
      ) : null}
      <ul className="grid gap-3">
        {list.map((discount) => (
          <li
            key={discount.id}
            data-testid={`discount-${discount.code}`}
            className="grid gap-3 rounded-xl border border-line bg-white p-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:p-5"
          >
            <div className="grid min-w-0 gap-1.5">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-mono text-base font-bold tracking-wider break-all">{discount.code}</span>
                <Badge variant={STATE_BADGES[discount.state]} data-testid="discount-state">
                  {DISCOUNT_STATE_LABELS[discount.state]}
                </Badge>
                {discount.isFeatured ? <Badge variant="secondary">Featured</Badge> : null}
              </div>
              {discount.description ? <p className="text-sm text-muted">{discount.description}</p> : null}
              <p className="text-sm">
                <span className="font-medium">{describeValue(discount)}</span>
                <span className="text-muted"> · {describeConditions(discount)}</span>
              </p>
              <p className="text-sm text-muted" data-testid="discount-uses">
                {usesText(discount)} · {formatCountOf(discount.orders, 'paid order')} ·{' '}
                {formatCents(discount.discountGivenCents)} given · {formatCents(discount.revenueCents)} revenue
              </p>
            </div>
            <div className="flex flex-wrap items-start gap-2 sm:justify-end">
              <Button
                type="button"
                variant="outline"
                size="sm"
                onClick={() => setEditing(discount)}
                aria-label={`Edit ${discount.code}`}
              >
                Edit
              </Button>
              <Button
                type="button"
                variant="outline"
                size="sm"
                disabled={save.isPending}
                onClick={() => togglePause(discount)}
                aria-label={`${discount.isActive ? 'Pause' : 'Resume'} ${discount.code}`}
              >
                {discount.isActive ? 'Pause' : 'Resume'}
              </Button>
              <Button
                type="button"
                variant="outline"
                size="sm"
                disabled={remove.isPending}
                aria-label={`Delete ${discount.code}`}
                onClick={() => {
                  if (window.confirm(`Delete the code ${discount.code}?`)) remove.mutate(discount);
                }}
              >
                Delete
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        <DialogContent className="max-h-[90vh] max-w-xl! overflow-y-auto">
          <DialogHeader>
            <DialogTitle>{editing === 'new' ? 'Add discount code' : `Edit ${editing?.code ?? ''}`}</DialogTitle>
            <DialogDescription>Leave a condition empty for no limit.</DialogDescription>
          </DialogHeader>
          {editing !== null ? (
            <DiscountForm
              key={editing === 'new' ? 'new' : editing.id}
              discount={editing === 'new' ? null : editing}
              onCancel={() => setEditing(null)}
              onSave={async (body) => {
                await save.mutateAsync({ id: editing === 'new' ? null : editing.id, body });
                setEditing(null);
              }}
            />
          ) : null}
        </DialogContent>
      </Dialog>
    </section>
  );
}

function DiscountForm(props: {
  discount: AdminDiscount | null;
  onSave: (body: unknown) => Promise<void>;
  onCancel: () => void;
}) {
  const [values, setValues] = useState<DiscountFormValues>(() => toFormValues(props.discount));
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const formId = useId();
  const id = (field: string) => `${formId}-${field}`;
  const set = <Key extends keyof DiscountFormValues>(key: Key, value: DiscountFormValues[Key]) =>
    setValues((current) => ({ ...current, [key]: value }));

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setIsSaving(true);
    setError(null);
    try {
      await props.onSave(toBody(values));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setIsSaving(false);
    }
  }

  const field = (key: 'minimum' | 'usageLimit' | 'perCustomerLimit', label: string, hint: string, money = false) => (
    <div className="grid min-w-0 grid-cols-1 gap-1.5">
      <Label htmlFor={id(key)}>{label}</Label>
      <Input
        id={id(key)}
        inputMode={money ? 'decimal' : 'numeric'}
        placeholder={hint}
        value={values[key]}
        onChange={(event) => set(key, event.target.value)}
      />
    </div>
  );
  const checkbox = (key: 'newCustomersOnly' | 'isActive' | 'isFeatured', label: string) => (
    <CheckboxField label={label} checked={values[key]} onChange={(checked) => set(key, checked)} />
  );
  const dateField = (key: 'startsAt' | 'endsAt', label: string) => (
    <div className="grid min-w-0 grid-cols-1 gap-1.5">
      <Label htmlFor={id(key)}>{label} (Indianapolis time)</Label>
      <Input
        id={id(key)}
        type="datetime-local"
        min={`${TYPED_YEARS.first}-01-01T00:00`}
        max={`${TYPED_YEARS.last}-12-31T23:59`}
        value={values[key]}
        onChange={(event) => set(key, event.target.value)}
      />
    </div>
  );

  return (
    <form onSubmit={(event) => void submit(event)} className="grid min-w-0 grid-cols-1 gap-4" noValidate>
      <div className="grid min-w-0 grid-cols-1 gap-4 sm:grid-cols-2">
        <div className="grid min-w-0 grid-cols-1 gap-1.5">
          <Label htmlFor={id('code')}>Code *</Label>
          <Input
            id={id('code')}
            value={values.code}
            onChange={(event) => set('code', event.target.value.toUpperCase())}
            autoComplete="off"
            className="font-mono uppercase"
            required
          />
        </div>
        <div className="grid min-w-0 grid-cols-1 gap-1.5">
          <Label htmlFor={id('kind')}>Kind *</Label>
          <ChoiceSelect
            id={id('kind')}
            value={values.kind}
            choices={DISCOUNT_KINDS}
            label={(kind) => DISCOUNT_KIND_LABELS[kind]}
            onValueChange={(value) => set('kind', value as DiscountKind)}
          />
        </div>
      </div>
      {values.kind === 'percent' ? (
        <div className="grid min-w-0 grid-cols-1 gap-1.5">
          <Label htmlFor={id('percent')}>Percentage off *</Label>
          <Input
            id={id('percent')}
            inputMode="numeric"
            placeholder="1 to 100"
            value={values.percent}
            onChange={(event) => set('percent', event.target.value)}
          />
        </div>
      ) : values.kind === 'fixed' ? (
        <div className="grid min-w-0 grid-cols-1 gap-1.5">
          <Label htmlFor={id('amount')}>Amount off ($) *</Label>
          <Input
            id={id('amount')}
            inputMode="decimal"
            placeholder="5.00"
            value={values.amount}
            onChange={(event) => set('amount', event.target.value)}
          />
        </div>
      ) : null}
      <div className="grid min-w-0 grid-cols-1 gap-1.5">
        <Label htmlFor={id('description')}>Description</Label>
        <Input
          id={id('description')}
          value={values.description}
          onChange={(event) => set('description', event.target.value)}
        />
      </div>
      <fieldset className="grid min-w-0 grid-cols-1 gap-4 rounded-lg border border-line p-3 sm:grid-cols-2">
        <legend className="px-1 text-sm font-medium">Conditions</legend>
        {field('minimum', 'Minimum subtotal ($)', 'No minimum', true)}
        {field('usageLimit', 'Total uses', 'Unlimited')}
        {dateField('startsAt', 'Starts at')}
        {dateField('endsAt', 'Ends at')}
        {field('perCustomerLimit', 'Uses per customer', 'Unlimited')}
        <div className="grid content-end gap-2 pb-1">{checkbox('newCustomersOnly', 'New customers only')}</div>
        <div className="grid min-w-0 grid-cols-1 gap-2 sm:col-span-2">
          <span className="text-sm font-medium">Categories (none: everything)</span>
          <div className="flex flex-wrap gap-x-4 gap-y-2">
            <CheckboxList
              options={PRODUCT_CATEGORIES}
              labels={CATEGORY_LABELS}
              selected={values.categories}
              onChange={(categories) => set('categories', categories)}
            />
          </div>
        </div>
      </fieldset>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {checkbox('isActive', 'Active')}
        {checkbox('isFeatured', 'Featured in the promo dialog')}
      </div>
      <p className="text-xs text-muted">Times are read in {DISCOUNT_TIME_ZONE}.</p>
      {error ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="discount-error">
          {error}
        </p>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={props.onCancel} disabled={isSaving}>
          Cancel
        </Button>
        <Button type="submit" variant="brand" disabled={isSaving || values.code.trim() === ''}>
          {isSaving ? 'Saving...' : props.discount ? 'Save Changes' : 'Create code'}
        </Button>
      </DialogFooter>
    </form>
  );
}
