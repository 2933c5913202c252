import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, Trash2 } from '~/components/ui/icons';
import { useState } from 'react';
import type { AdminProduct } from '@domain/admin-contract';
import * as ADMIN_MESSAGES from '@domain/admin-messages';
import * as MESSAGES from '@domain/messages';
import type { ProductDraft } from '@domain/product-form';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { notify } from '~/lib/notify';
import { adminGet, adminSend, isAdminSessionError } from '~/lib/admin/admin-api';
import { formatCents } from './format';
import { ProductFormDialog } from './product-form-dialog';
import { SyncPanel } from './sync-panel';
import { StockCsvButtons } from './stock-csv-buttons';

export function useAdminProducts() {
  return useQuery({
    queryKey: ['admin', 'products'],
    queryFn: () => adminGet<{ products: AdminProduct[] }>('/api/admin/products'),
  });
}

/** Products tab (SPEC §2): list with edit and delete, Add / Edit dialogs, sync panel. */
export function ProductsTab({
  editProductId = null,
  onEditOpened,
}: {
  /** A product to open in the Edit dialog (from the dashboard's low-stock card). */
  editProductId?: string | null;
  onEditOpened?: () => void;
} = {}) {
  const queryClient = useQueryClient();
  const products = useAdminProducts();
  const [dialog, setDialog] = useState<{ open: boolean; product: AdminProduct | null }>({ open: false, product: null });
  // A product asked for by the dashboard opens its dialog until it is closed or saved.
  const requested = editProductId
    ? (products.data?.products.find((entry) => entry.id === editProductId) ?? null)
    : null;
  const shown = requested ? { open: true, product: requested } : dialog;
  const closeDialog = () => {
    setDialog({ open: false, product: null });
    onEditOpened?.();
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin'] });
  const remove = useMutation({
    mutationFn: (id: string) => adminSend(`/api/admin/products/${id}`, 'DELETE'),
    onSuccess: () => {
      notify({ title: ADMIN_MESSAGES.productDeleted });
      void refresh();
    },
    onError: () => notify({ title: ADMIN_MESSAGES.deleteProductFailed, variant: 'destructive' }),
  });

  async function save(input: ProductDraft) {
    const editing = shown.product;
    try {
      if (editing) await adminSend(`/api/admin/products/${editing.id}`, 'PUT', input);
      else await adminSend('/api/admin/products', 'POST', input);
      notify({ title: editing ? ADMIN_MESSAGES.productUpdated : ADMIN_MESSAGES.productAdded });
      closeDialog();
      void refresh();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      notify({
        title: editing ? ADMIN_MESSAGES.updateProductFailed(message) : ADMIN_MESSAGES.addProductFailed,
        description: editing ? undefined : message,
        variant: 'destructive',
      });
    }
  }

  const list = products.data?.products;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <section aria-labelledby="products-heading" className="rounded-xl border border-line bg-white p-4 sm:p-5">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <h2 id="products-heading" className="text-lg font-semibold">
            {ADMIN_MESSAGES.productsHeading(list?.length ?? 0)}
          </h2>
          <div className="flex flex-wrap gap-2">
            <StockCsvButtons onImported={() => void refresh()} />
            <Button variant="brand" size="sm" onClick={() => setDialog({ open: true, product: null })}>
              <Plus className="size-4" aria-hidden /> {ADMIN_MESSAGES.addProduct}
            </Button>
          </div>
        </div>
        {products.isError && !isAdminSessionError(products.error) && (
          <p role="alert" className="text-sm text-red-700">
            {MESSAGES.fetchProductsFailed}
          </p>
        )}
        {list && list.length === 0 && (
          <p className="py-8 text-center text-sm text-muted">{ADMIN_MESSAGES.noProducts}</p>
        )}
        <ul className="divide-y divide-line">
          {list?.map((product) => (
            <li key={product.id} className="flex items-center gap-3 py-3" data-testid="product-row">
              {product.imageUrl ? (
                <img
                  src={product.imageUrl}
                  alt=""
                  className="size-14 shrink-0 rounded-lg border border-line object-cover"
                  loading="lazy"
                />
              ) : (
                <div className="size-14 shrink-0 rounded-lg bg-brand-50" />
              )}
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium">{product.name}</p>
                <p className="text-sm text-muted">
                  {formatCents(product.priceCents)} · {product.category}
                </p>
                <div className="mt-1 flex flex-wrap gap-1">
                  {!product.isActive && <Badge variant="outline">inactive</Badge>}
                  {product.isNewArrival && <Badge variant="secondary">new arrival</Badge>}
                  {product.isFeatured && <Badge variant="secondary">featured</Badge>}
                </div>
              </div>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`${ADMIN_MESSAGES.editProduct}: ${product.name}`}
                onClick={() => setDialog({ open: true, product })}
              >
                <Pencil className="size-4" aria-hidden />
              </Button>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Delete ${product.name}`}
                disabled={remove.isPending}
                onClick={() => {
                  if (window.confirm(ADMIN_MESSAGES.deleteProductConfirm)) remove.mutate(product.id);
                }}
              >
                <Trash2 className="size-4 text-red-600" aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      </section>
      <SyncPanel />
      <ProductFormDialog
        open={shown.open}
        product={shown.product}
        onOpenChange={(open) => (open ? setDialog((current) => ({ ...current, open })) : closeDialog())}
        onSave={save}
      />
    </div>
  );
}
