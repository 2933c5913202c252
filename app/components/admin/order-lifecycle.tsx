/**
 * The order lifecycle in the admin (issue 11 items 4-6): the dialog that ships an order with
 * an optional carrier and tracking number, the confirmation before a cancel (which refunds a
 * paid order), and the details' fulfilment and refund section with the order's notes.
 * Rules and texts come from domain/order-lifecycle; the server decides.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { orderStatusLabel } from '@domain/order-status';
import { CARRIER_OPTIONS, LIFECYCLE_MESSAGES, TRACKING_NUMBER_MAX_LENGTH, trackingUrl } from '@domain/order-lifecycle';
import { ShipmentSchema, type Shipment } from '@domain/shipment';
import type { AdminOrderDetail } from '@domain/admin-contract';
import { Button } from '~/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '~/components/ui/dialog';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { TrackingLink } from '~/components/account/tracking-link';
import { ChoiceSelect } from './choice-select';
import { formatCents, formatDate } from './format';
import { useAdminRecord } from './record-dialog';
import { amountChargedCents } from '@domain/order-summary';

export interface PendingStatusChange {
  id: string;
  orderNumber: string;
  status: 'shipped' | 'cancelled';
}

/** Asks for the carrier and tracking number before an order is marked shipped. */
export function ShipOrderDialog(props: {
  change: PendingStatusChange | null;
  isSaving: boolean;
  onConfirm: (shipment: Shipment) => void;
  onClose: () => void;
}) {
  const { change } = props;
  return (
    <Dialog open={change?.status === 'shipped'} onOpenChange={(open) => !open && props.onClose()}>
      <DialogContent className="max-w-md!">
        {change ? <ShipOrderForm key={change.id} {...props} orderNumber={change.orderNumber} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ShipOrderForm(props: {
  orderNumber: string;
  isSaving: boolean;
  onConfirm: (shipment: Shipment) => void;
  onClose: () => void;
}) {
  const [carrier, setCarrier] = useState('');
  const [trackingNumber, setTrackingNumber] = useState('');
  const [error, setError] = useState<string | null>(null);
  const link = trackingUrl(carrier, trackingNumber.trim());
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = ShipmentSchema.safeParse({ carrier, trackingNumber });
        if (!parsed.success) {
          setError(parsed.error.issues[0]?.message ?? null);
          return;
        }
        setError(null);
        props.onConfirm(parsed.data);
      }}
    >
      <DialogHeader>
        <DialogTitle>{LIFECYCLE_MESSAGES.shipDialogTitle(props.orderNumber)}</DialogTitle>
        <DialogDescription>{LIFECYCLE_MESSAGES.shipDialogDescription}</DialogDescription>
      </DialogHeader>
      <div className="mt-4 grid gap-4">
        <div className="grid gap-1.5">
          <Label htmlFor="ship-carrier">Carrier (optional)</Label>
          <ChoiceSelect
            id="ship-carrier"
            blank="No carrier"
            choices={CARRIER_OPTIONS}
            value={carrier}
            onValueChange={setCarrier}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="ship-tracking">Tracking number (optional)</Label>
          <Input
            id="ship-tracking"
            value={trackingNumber}
            maxLength={TRACKING_NUMBER_MAX_LENGTH + 10}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'ship-error' : undefined}
            onChange={(event) => setTrackingNumber(event.target.value)}
          />
          {link ? <p className="text-xs break-all text-muted">Customer's link: {link}</p> : null}
          {error ? (
            <p id="ship-error" role="alert" className="text-sm font-medium text-red-700">
              {error}
            </p>
          ) : null}
        </div>
      </div>
      <DialogFooter className="mt-6">
        <Button type="button" variant="outline" onClick={props.onClose}>
          Back
        </Button>
        <Button type="submit" disabled={props.isSaving}>
          {props.isSaving ? 'Saving...' : 'Mark as shipped'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Confirms a cancel; says whether money is refunded (read from the order's details). */
export function CancelOrderDialog(props: {
  change: PendingStatusChange | null;
  isSaving: boolean;
  /** The reason (issue 27: asked for a paid order's cancel and refund, kept in the activity log). */
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const { change } = props;
  const open = change?.status === 'cancelled';
  // The reason belongs to the order asked about: another order's dialog starts empty.
  const [typed, setTyped] = useState<{ id: string | null; text: string }>({ id: null, text: '' });
  const reason = typed.id === (change?.id ?? null) ? typed.text : '';
  const setReason = (text: string) => setTyped({ id: change?.id ?? null, text });
  const reasonId = useId();
  // A double click fires twice before React re-renders the disabled button: only the first counts.
  const confirmedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!open) confirmedFor.current = null;
  }, [open]);
  const order = useAdminRecord('order', change?.id, open).data;
  // What the server gives back (cancel-order.ts): all that was charged, the sales tax included.
  const owed = order ? amountChargedCents(order) - order.lifecycle.refundedCents : 0;
  const refunds = Boolean(order?.lifecycle.isPaid) && owed > 0;
  return (
    <Dialog open={open} onOpenChange={(next) => !next && props.onClose()}>
      <DialogContent className="max-w-md!" role="alertdialog">
        <DialogHeader>
          <DialogTitle>{change ? LIFECYCLE_MESSAGES.cancelDialogTitle(change.orderNumber) : ''}</DialogTitle>
          <DialogDescription data-testid="cancel-order-description">
            {!order
              ? 'Loading...'
              : refunds
                ? LIFECYCLE_MESSAGES.cancelPaidDescription(owed, order.status)
                : LIFECYCLE_MESSAGES.cancelUnpaidDescription(order.status)}
          </DialogDescription>
        </DialogHeader>
        <div className="mt-4 space-y-2">
          <Label htmlFor={reasonId}>Reason{refunds ? '' : ' (optional)'}</Label>
          <textarea
            id={reasonId}
            value={reason}
            maxLength={500}
            rows={2}
            required={refunds}
            onChange={(event) => setReason(event.target.value)}
            className="w-full rounded-lg border border-line bg-white px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-brand-500"
            placeholder="Kept in the activity log"
          />
        </div>
        <DialogFooter className="mt-6">
          <Button type="button" variant="outline" onClick={props.onClose}>
            Keep order
          </Button>
          <Button
            type="button"
            variant="destructive"
            disabled={!order || props.isSaving || (refunds && !reason.trim())}
            onClick={() => {
              if (!change || confirmedFor.current === change.id) return;
              confirmedFor.current = change.id;
              props.onConfirm(reason.trim());
            }}
          >
            {props.isSaving ? 'Cancelling...' : refunds ? `Cancel and refund ${formatCents(owed)}` : 'Cancel order'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The details' section: shipment, refund, notes. */
export function OrderLifecyclePanel({ order }: { order: AdminOrderDetail }) {
  const { lifecycle } = order;
  const hasShipment = lifecycle.shippedAt || lifecycle.trackingNumber;
  const hasRefund = lifecycle.refundedCents > 0 || lifecycle.refunds.length > 0;
  if (!hasShipment && !hasRefund && lifecycle.notes.length === 0 && !lifecycle.deliveredAt && !lifecycle.cancelledAt) {
    return null;
  }
  return (
    <section
      aria-label="Fulfillment and refunds"
      className="grid gap-2 rounded-lg border border-line p-3"
      data-testid="order-lifecycle"
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5">
        {hasShipment ? (
          <>
            <dt className="text-muted">Shipped</dt>
            <dd className="text-right">
              {lifecycle.shippedAt ? formatDate(lifecycle.shippedAt) : orderStatusLabel('shipped')}
            </dd>
            <dt className="text-muted">Carrier</dt>
            <dd className="text-right" data-testid="order-carrier">
              {lifecycle.shippingCarrier ?? '—'}
            </dd>
            <dt className="text-muted">Tracking</dt>
            <dd className="text-right break-words" data-testid="order-tracking">
              {lifecycle.trackingNumber ? (
                <TrackingLink
                  number={lifecycle.trackingNumber}
                  url={lifecycle.trackingUrl}
                  linkClassName="text-brand-700 underline"
                />
              ) : (
                '—'
              )}
            </dd>
          </>
        ) : null}
        {lifecycle.deliveredAt ? (
          <>
            <dt className="text-muted">Delivered</dt>
            <dd className="text-right">{formatDate(lifecycle.deliveredAt)}</dd>
          </>
        ) : null}
        {lifecycle.cancelledAt ? (
          <>
            <dt className="text-muted">Cancelled</dt>
            <dd className="text-right">{formatDate(lifecycle.cancelledAt)}</dd>
          </>
        ) : null}
        {hasRefund ? (
          <>
            <dt className="font-semibold">Refunded</dt>
            <dd className="text-right font-semibold tabular-nums" data-testid="order-refunded">
              {formatCents(lifecycle.refundedCents)}
              {lifecycle.refundedAt ? ` · ${formatDate(lifecycle.refundedAt)}` : ''}
            </dd>
          </>
        ) : null}
        {lifecycle.refunds.map((refund) => (
          <div key={refund.id} className="contents">
            <dt className="text-muted">Refund ({refund.reason})</dt>
            <dd className="text-right break-all">
              {refund.status} · {formatCents(refund.amountCents)}
              {refund.providerRefundId ? ` · ${refund.providerRefundId}` : ''}
              {refund.failureMessage ? ` · ${refund.failureMessage}` : ''}
            </dd>
          </div>
        ))}
      </dl>
      {lifecycle.notes.length > 0 ? (
        <ul
          className="grid gap-1 border-t border-line pt-2 text-amber-900"
          aria-label="Notes"
          data-testid="order-notes"
        >
          {lifecycle.notes.map((note) => (
            <li key={note.kind} className="rounded bg-amber-50 px-2 py-1">
              {note.body}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
