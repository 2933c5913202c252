/**
 * One record of an admin list read from its API (an order's or a customer's details), and the
 * dialog a list row opens to show it: open while `id` is set, titled by the button that
 * opened it and 'Loading...' until the record arrives, then by the record.
 */
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { AdminCustomerProfile, AdminOrderDetail } from '@domain/admin-contract';
import * as ADMIN_MESSAGES from '@domain/admin-messages';
import * as MESSAGES from '@domain/messages';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '~/components/ui/dialog';
import { adminGet } from '~/lib/admin/admin-api';
import { formatDate, fullName } from './format';

/** What GET /api/admin/<kind>s/<id> answers. */
interface AdminRecords {
  order: AdminOrderDetail;
  customer: AdminCustomerProfile;
}
type RecordKind = keyof AdminRecords;

const HEADINGS: {
  [Kind in RecordKind]: {
    placeholder: string;
    title: (record: AdminRecords[Kind]) => string;
    description: (record: AdminRecords[Kind]) => string;
  };
} = {
  order: {
    placeholder: ADMIN_MESSAGES.viewDetails,
    title: (order) => `Order ${order.orderNumber}`,
    description: (order) =>
      `${order.customerName ?? 'Customer'} · ${order.email ?? ADMIN_MESSAGES.notAvailable} · ${formatDate(order.createdAt)}`,
  },
  customer: {
    placeholder: ADMIN_MESSAGES.viewProfile,
    title: (customer) => fullName(customer.firstName, customer.lastName) || customer.email,
    description: (customer) => `${customer.email} · ${customer.phone || ADMIN_MESSAGES.notAvailable}`,
  },
};

/** GET /api/admin/<kind>s/<id> while `enabled` (by default: while there is an id). */
export function useAdminRecord<Kind extends RecordKind>(
  kind: Kind,
  id: string | null | undefined,
  enabled = Boolean(id),
) {
  return useQuery({
    queryKey: ['admin', kind, id],
    queryFn: () => adminGet<AdminRecords[Kind]>(`/api/admin/${kind}s/${id}`),
    enabled,
  });
}

export function AdminRecordDialog<Kind extends RecordKind>(props: {
  kind: Kind;
  id: string | null;
  onClose: () => void;
  children: (record: AdminRecords[Kind]) => ReactNode;
}) {
  const record = useAdminRecord(props.kind, props.id).data;
  const heading = HEADINGS[props.kind];
  return (
    <Dialog open={Boolean(props.id)} onOpenChange={(open) => !open && props.onClose()}>
      <DialogContent className="max-w-xl!">
        <DialogHeader>
          <DialogTitle>{record ? heading.title(record) : heading.placeholder}</DialogTitle>
          <DialogDescription>{record ? heading.description(record) : MESSAGES.loading}</DialogDescription>
        </DialogHeader>
        {record && <div className="grid gap-4 text-sm">{props.children(record)}</div>}
      </DialogContent>
    </Dialog>
  );
}
