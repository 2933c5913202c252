/**
 * The built-in sandbox checkout (RUN-CONTRACT.md): the order's lines and the server's total,
 * a "Card number" field and a "Pay" button, and for an order the shipping address, required as
 * Stripe's page requires it (issue 32; domain/shipping-address.ts); a donation asks for none.
 * 4242 4242 4242 4242 pays through the same completion as a Stripe webhook, then goes to
 * /payment-success; "Cancel" returns to /cart.
 */
import { CreditCard, Lock } from '~/components/ui/icons';
import { useState } from 'react';
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import * as CART_MESSAGES from '@domain/cart-messages';
import { LIFECYCLE_MESSAGES } from '@domain/order-lifecycle';
import { formatCents } from '@domain/money';
import {
  ADDRESS_FIELDS,
  ADDRESS_LABELS,
  isAddressFieldRequired,
  SHIPPING_COUNTRIES,
  type AddressField,
  type ShippingAddress,
} from '@domain/shipping-address';
import { getLastShippingAddress } from '@server/customers/get-last-shipping-address';
import { AppError } from '@server/app-error';
import { readFormBody } from '@server/http/form-request';
import { getHostedSession } from '@server/orders/get-hosted-session';
import { paySandboxSession } from '@server/orders/pay-sandbox-session';
import { ProductThumbnail } from '~/components/shop/product-image';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { TermsNote } from '~/components/shop/terms-note';
import { TotalsList } from '~/components/shop/totals-list';
import { NativeSelect } from '~/components/ui/native-select';
import { cn } from '~/lib/utils';
import type { Route } from './+types/sandbox.checkout.$sessionId';

export function meta() {
  return [{ title: 'Checkout (sandbox) | Wear Your Faith' }, { name: 'robots', content: 'noindex' }];
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const session = await getHostedSession({ db: context.db, sessionId: params.sessionId });
  if (!session || session.provider !== 'sandbox') throw data('Checkout session not found', { status: 404 });
  if (session.status === 'complete') throw redirect(`/payment-success?session_id=${encodeURIComponent(session.id)}`);
  // A signed-in customer finds their last address filled in (issue 11); guests start blank.
  let lastAddress: ShippingAddress | null = null;
  if (session.purpose === 'order') {
    const viewer = await context.auth.getViewer(request);
    if (viewer) lastAddress = await getLastShippingAddress({ db: context.db, userId: viewer.userId, email: viewer.email });
  }
  return data({ session, lastAddress }, { headers: { 'Cache-Control': 'private, no-store' } });
}

type AddressValues = Partial<Record<AddressField, string>>;

export async function action({ params, request, context }: Route.ActionArgs) {
  let cardNumber = '';
  let address: AddressValues = {};
  try {
    const form = await readFormBody(request);
    cardNumber = String(form.get('cardNumber') ?? '');
    address = Object.fromEntries(
      ADDRESS_FIELDS.flatMap((field) => {
        const value = form.get(field);
        return typeof value === 'string' ? [[field, value]] : [];
      }),
    );
    await paySandboxSession({
      db: context.db,
      logger: context.logger,
      mail: context.mail,
      provider: context.paymentProvider,
      publicUrl: context.config.publicUrl,
      sessionId: params.sessionId,
      cardNumber,
      address,
    });
  } catch (error) {
    if (error instanceof AppError) {
      const fieldErrors = (error.details.fieldErrors ?? {}) as Partial<Record<AddressField, string>>;
      return data({ error: error.message, cardNumber, address, fieldErrors }, { status: error.status });
    }
    throw error;
  }
  return redirect(`/payment-success?session_id=${encodeURIComponent(params.sessionId)}`);
}

/** One labelled address field with its own message (aria-describedby). */
function AddressInput(props: {
  field: AddressField;
  label: string;
  value: string | undefined;
  error: string | undefined;
  autoComplete: string;
  className?: string;
  required?: boolean;
}) {
  const id = `address-${props.field}`;
  return (
    <div className={cn('space-y-1.5', props.className)}>
      <Label htmlFor={id}>{props.label}</Label>
      <Input
        id={id}
        name={props.field}
        autoComplete={props.autoComplete}
        defaultValue={props.value ?? ''}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
        required={props.required}
        aria-required={props.required ? true : undefined}
      />
      {props.error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The address block, asked the way Stripe's page asks it (orders only). Required fields carry
 * `required` and `aria-required` (the state only for the US, so it follows the country); the
 * form stays `noValidate`: the server checks and names each field (domain/shipping-address.ts).
 */
function ShippingAddressFields(props: { values: AddressValues; errors: Partial<Record<AddressField, string>> }) {
  const { values, errors } = props;
  const [country, setCountry] = useState(values.country || 'US');
  const field = (name: AddressField, autoComplete: string, options: { className?: string } = {}) => {
    const required = isAddressFieldRequired(name, country);
    // Line 2 and the phone, never required, say so; the state is required in the US only.
    const optional = !isAddressFieldRequired(name, 'US');
    return (
      <AddressInput
        field={name}
        label={optional ? `${ADDRESS_LABELS[name]} (optional)` : ADDRESS_LABELS[name]}
        value={values[name]}
        error={errors[name]}
        autoComplete={autoComplete}
        required={required}
        className={options.className}
      />
    );
  };
  return (
    <fieldset className="space-y-3">
      <legend className="mb-2 text-base font-semibold">Shipping address</legend>
      {field('name', 'shipping name')}
      <div className="space-y-1.5">
        <Label htmlFor="address-country">{ADDRESS_LABELS.country}</Label>
        <NativeSelect
          id="address-country"
          name="country"
          autoComplete="shipping country"
          value={country}
          onChange={(event) => setCountry(event.target.value)}
          required
          aria-required
          aria-invalid={errors.country ? true : undefined}
          aria-describedby={errors.country ? 'address-country-error' : undefined}
        >
          {SHIPPING_COUNTRIES.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </NativeSelect>
        {errors.country ? (
          <p id="address-country-error" className="text-sm font-medium text-red-700">
            {errors.country}
          </p>
        ) : null}
      </div>
      {field('line1', 'shipping address-line1')}
      {field('line2', 'shipping address-line2')}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {field('city', 'shipping address-level2', { className: 'sm:col-span-1' })}
        {field('region', 'shipping address-level1')}
        {field('postalCode', 'shipping postal-code')}
      </div>
      {field('phone', 'shipping tel')}
    </fieldset>
  );
}

/** The page's starting values: what was just typed, else the customer's last address. */
function startingAddress(typed: AddressValues | undefined, last: ShippingAddress | null): AddressValues {
  if (typed) return typed;
  if (!last) return {};
  return {
    name: last.name,
    line1: last.line1,
    line2: last.line2 ?? '',
    city: last.city,
    region: last.region ?? '',
    postalCode: last.postalCode,
    country: last.country,
    phone: last.phone ?? '',
  };
}

export default function SandboxCheckout({ loaderData, actionData }: Route.ComponentProps) {
  const { session, lastAddress } = loaderData;
  const fieldErrors = actionData && 'fieldErrors' in actionData ? actionData.fieldErrors : {};
  const hasAddressErrors = Object.keys(fieldErrors).length > 0;
  const cardError = actionData?.error && !hasAddressErrors ? actionData.error : null;
  const navigation = useNavigation();
  const isPaying = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const isExpired = session.status === 'expired';
  // An order cancelled while its page is open cannot be paid (issue 11 item 6).
  const closedMessage = session.order && session.order.status !== 'pending' ? LIFECYCLE_MESSAGES.sandboxOrderNotPending : null;
  const order = session.order;
  const cancelHref = session.purpose === 'order' ? '/cart' : '/';
  return (
    <main className="mx-auto grid max-w-5xl grid-cols-1 gap-8 px-4 py-10 sm:px-6 md:grid-cols-2 md:py-16">
      <section aria-labelledby="summary-heading" className="min-w-0 rounded-2xl bg-surface p-6 sm:p-8">
        <p className="text-sm font-medium text-muted">Wear Your Faith</p>
        <h1 id="summary-heading" className="mt-1 text-3xl font-semibold tracking-tight">
          {formatCents(session.totalCents)}
        </h1>
        <p className="mt-1 text-sm text-muted">
          {order ? `Order ${order.orderNumber}` : 'Donation to Wear Your Faith'}
        </p>
        {order ? (
          <>
            <ul className="mt-6 divide-y divide-line" aria-label="Order lines">
              {order.lines.map((line, index) => (
                <li key={index} className="flex items-center gap-4 py-3">
                  {line.imageUrl ? (
                    <ProductThumbnail
                      src={line.imageUrl}
                      alt={line.name}
                      size={56}
                      className="size-14 shrink-0 rounded-lg bg-white"
                    />
                  ) : null}
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-medium">{line.name}</p>
                    <p className="text-sm text-muted">
                      {line.color} · {line.size} · Qty {line.quantity}
                    </p>
                  </div>
                  <p className="font-medium tabular-nums">{formatCents(line.lineTotalCents)}</p>
                </li>
              ))}
            </ul>
            <TotalsList className="mt-4 space-y-2 border-t border-line pt-4" totals={order} testIds={{ total: 'sandbox-total' }} />
          </>
        ) : (
          <dl className="mt-6 flex justify-between border-t border-line pt-4 text-base font-semibold">
            <dt>Donation</dt>
            <dd className="tabular-nums" data-testid="sandbox-total">
              {formatCents(session.totalCents)}
            </dd>
          </dl>
        )}
      </section>

      <section aria-labelledby="pay-heading" className="min-w-0 sm:p-4">
        <h2 id="pay-heading" className="flex items-center gap-2 text-xl font-semibold">
          <CreditCard aria-hidden="true" /> Pay with card
        </h2>
        <p className="mt-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Sandbox checkout: no real payment is taken. Use 4242 4242 4242 4242 to pay, or 4000 0000 0000 0002 to see a
          decline.
        </p>
        {isExpired || closedMessage ? (
          <p role="alert" className="mt-6 text-sm font-medium text-red-700">
            {closedMessage ?? CART_MESSAGES.checkoutSessionExpired}
          </p>
        ) : (
          <Form method="post" className="mt-6 space-y-4" noValidate>
            {order ? (
              <>
                {hasAddressErrors ? (
                  <p role="alert" className="text-sm font-medium text-red-700">
                    {actionData?.error}
                  </p>
                ) : null}
                <ShippingAddressFields values={startingAddress(actionData?.address, lastAddress)} errors={fieldErrors} />
              </>
            ) : null}
            <div className="space-y-2">
              <Label htmlFor="cardNumber">Card number</Label>
              <Input
                id="cardNumber"
                name="cardNumber"
                inputMode="numeric"
                autoComplete="cc-number"
                placeholder="1234 1234 1234 1234"
                defaultValue={actionData?.cardNumber ?? ''}
                aria-invalid={cardError ? true : undefined}
                aria-describedby={cardError ? 'card-error' : undefined}
                required
              />
              {cardError ? (
                <p id="card-error" role="alert" className="text-sm font-medium text-red-700">
                  {cardError}
                </p>
              ) : null}
            </div>
            <Button type="submit" className="w-full" size="lg" disabled={isPaying}>
              <Lock aria-hidden="true" />
              {isPaying ? 'Processing...' : 'Pay'}
            </Button>
            {order ? <TermsNote action="paying" /> : null}
          </Form>
        )}
        <p className="mt-6 text-center text-sm">
          <Link to={cancelHref} className="font-medium text-brand-700 underline-offset-4 hover:underline">
            Cancel
          </Link>
        </p>
      </section>
    </main>
  );
}
