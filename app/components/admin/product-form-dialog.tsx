import { useId, useState } from 'react';
import type { AdminProduct } from '@domain/admin-contract';
import { CATEGORY_LABELS } from '@domain/categories';
import { centsToDecimalString } from '@domain/money';
import * as ADMIN_MESSAGES from '@domain/admin-messages';
import * as MESSAGES from '@domain/messages';
import {
  isProductFormComplete,
  PLACEMENT_TAG_LABELS,
  PLACEMENT_TAGS,
  PRODUCT_CATEGORIES,
  productFormToInput,
  splitCommaList,
  validateImageFile,
  type ProductDraft,
  type ProductFormValues,
} from '@domain/product-form';
import { swatchStyle } from '~/components/shop/swatch-color';
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
import { ChoiceSelect } from './choice-select';
import { notify } from '~/lib/notify';
import { adminSend } from '~/lib/admin/admin-api';
import { uploadImage } from '~/lib/admin/upload-image';
import {
  initialStockCells,
  isStockDirty,
  stockCellsBody,
  StockGrid,
  stockGridProblem,
  useProductStock,
  type StockCells,
} from './stock-grid';

const EMPTY: ProductFormValues = {
  name: '',
  description: '',
  price: '',
  originalPrice: '',
  cost: '',
  category: '',
  imageUrls: [],
  colors: '',
  sizes: '',
  placement: [],
  tags: '',
  isNewArrival: false,
  isFeatured: false,
  isActive: true,
};

function toFormValues(product: AdminProduct | null): ProductFormValues {
  if (!product) return EMPTY;
  const dollars = (cents: number | null) => (cents === null ? '' : centsToDecimalString(cents));
  return {
    name: product.name,
    description: product.description,
    price: dollars(product.priceCents),
    originalPrice: dollars(product.originalPriceCents),
    cost: dollars(product.costCents),
    category: product.category,
    imageUrls: product.imageUrls.length ? product.imageUrls : product.imageUrl ? [product.imageUrl] : [],
    colors: product.colors.join(', '),
    sizes: product.sizes.join(', '),
    placement: product.placement,
    tags: product.tags.join(', '),
    isNewArrival: product.isNewArrival,
    isFeatured: product.isFeatured,
    isActive: product.isActive,
  };
}

/**
 * Add and Edit Product dialogs (SPEC §2, §5): every field, comma lists trimmed on blur,
 * Save disabled while a required field is missing, images uploaded with a progress bar.
 */
export function ProductFormDialog({
  open,
  product,
  onOpenChange,
  onSave,
}: {
  open: boolean;
  product: AdminProduct | null;
  onOpenChange: (open: boolean) => void;
  /** Resolves when saved; rejects with the server's message. */
  onSave: (input: ProductDraft) => Promise<void>;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl!">
        <DialogHeader>
          <DialogTitle>{product ? ADMIN_MESSAGES.editProduct : ADMIN_MESSAGES.addProduct}</DialogTitle>
          <DialogDescription>Fields marked * are required.</DialogDescription>
        </DialogHeader>
        {open && (
          <ProductForm
            key={product?.id ?? 'new'}
            product={product}
            onSave={onSave}
            onCancel={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function ProductForm({
  product,
  onSave,
  onCancel,
}: {
  product: AdminProduct | null;
  onSave: (input: ProductDraft) => Promise<void>;
  onCancel: () => void;
}) {
  const [values, setValues] = useState<ProductFormValues>(() => toFormValues(product));
  const [isSaving, setIsSaving] = useState(false);
  const stock = useProductStock(product?.id ?? null);
  const [stockEdits, setStockEdits] = useState<Record<string, string>>({});
  // The grid follows the product as saved (the server checks counts against its colours and sizes).
  // A new product's grid follows the colours and sizes as typed (issue 32 item 2): nothing is
  // tracked yet, so every cell starts blank and is created with the product.
  const newColors = splitCommaList(values.colors);
  const newSizes = splitCommaList(values.sizes);
  const loadedCells = product
    ? stock.data
      ? initialStockCells(product.colors, product.sizes, stock.data.stock)
      : null
    : initialStockCells(newColors, newSizes, []);
  const stockCells: StockCells | null = loadedCells
    ? Object.fromEntries(
        Object.entries(loadedCells).map(([key, cell]) => [
          key,
          key in stockEdits ? { ...cell, value: stockEdits[key]! } : cell,
        ]),
      )
    : null;
  const [progress, setProgress] = useState<number | null>(null);
  const isComplete = isProductFormComplete(values);
  const set = <K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const trimList = (key: 'colors' | 'sizes' | 'tags') => set(key, splitCommaList(values[key]).join(', '));
  const ids = useId();
  const id = (name: string) => `product-${name}-${ids}`;

  async function uploadFiles(files: FileList | null) {
    if (!files?.length) return;
    const list = [...files];
    for (const file of list) {
      const problem = validateImageFile(file);
      if (problem) {
        notify({ title: problem, variant: 'destructive' });
        return;
      }
    }
    const uploaded: string[] = [];
    try {
      for (const [index, file] of list.entries()) {
        setProgress(index / list.length);
        uploaded.push(await uploadImage(file, (fraction) => setProgress((index + fraction) / list.length)));
      }
      notify({ title: ADMIN_MESSAGES.imageUploaded });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      notify({ title: ADMIN_MESSAGES.uploadFailed(message), variant: 'destructive' });
    } finally {
      setProgress(null);
      if (uploaded.length) setValues((current) => ({ ...current, imageUrls: [...current.imageUrls, ...uploaded] }));
    }
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!isComplete) {
      notify({ title: ADMIN_MESSAGES.productRequiredFields, variant: 'destructive' });
      return;
    }
    const stockProblem = stockCells ? stockGridProblem(stockCells) : null;
    if (stockProblem) {
      notify({ title: stockProblem, variant: 'destructive' });
      return;
    }
    setIsSaving(true);
    try {
      if (product && stockCells && isStockDirty(stockCells)) {
        try {
          await adminSend(`/api/admin/products/${product.id}/stock`, 'PUT', { cells: stockCellsBody(stockCells) });
          setStockEdits({});
          await stock.refetch();
        } catch (error) {
          notify({ title: error instanceof Error ? error.message : String(error), variant: 'destructive' });
          return;
        }
      }
      const input = productFormToInput(values);
      if (product) input.slug = product.slug;
      else if (stockCells) {
        input.stock = Object.values(stockCells)
          .filter((cell) => cell.value.trim() !== '')
          .map((cell) => ({ color: cell.color, size: cell.size, quantity: cell.value }));
      }
      await onSave(input);
    } finally {
      setIsSaving(false);
    }
  }

  const checkbox = (key: 'isNewArrival' | 'isFeatured' | 'isActive', label: string) => (
    <CheckboxField label={label} checked={values[key]} onChange={(checked) => set(key, checked)} />
  );

  return (
    <form onSubmit={submit} className="grid min-w-0 grid-cols-1 gap-4" noValidate>
      <div className="grid min-w-0 grid-cols-1 gap-2">
        <Label htmlFor={id('name')}>Name *</Label>
        <Input id={id('name')} value={values.name} onChange={(event) => set('name', event.target.value)} required />
      </div>
      <div className="grid min-w-0 grid-cols-1 gap-2">
        <Label htmlFor={id('description')}>Description</Label>
        <textarea
          id={id('description')}
          rows={3}
          value={values.description}
          onChange={(event) => set('description', event.target.value)}
          className="w-full rounded-lg border border-line px-3 py-2 text-sm focus-visible:border-brand-500 focus-visible:outline-2 focus-visible:outline-brand-500/40"
        />
      </div>
      <div className="grid min-w-0 grid-cols-1 gap-4 sm:grid-cols-3">
        {(
          [
            ['price', 'Price *'],
            ['originalPrice', 'Original price'],
            ['cost', 'Cost'],
          ] as const
        ).map(([key, label]) => (
          <div key={key} className="grid min-w-0 grid-cols-1 gap-2">
            <Label htmlFor={id(key)}>{label}</Label>
            <Input
              id={id(key)}
              type="number"
              inputMode="decimal"
              step="0.01"
              min="0"
              value={values[key]}
              onChange={(event) => set(key, event.target.value)}
            />
          </div>
        ))}
      </div>
      <div className="grid min-w-0 grid-cols-1 gap-2">
        <Label htmlFor={id('category')}>Category *</Label>
        <ChoiceSelect
          id={id('category')}
          blank="Select a category"
          choices={PRODUCT_CATEGORIES}
          label={(category) => CATEGORY_LABELS[category]}
          value={values.category}
          onValueChange={(value) => set('category', value)}
        />
      </div>
      <div className="grid min-w-0 grid-cols-1 gap-4 sm:grid-cols-2">
        <div className="grid min-w-0 grid-cols-1 content-start gap-2">
          <Label htmlFor={id('colors')}>Colors (comma separated)</Label>
          <Input
            id={id('colors')}
            value={values.colors}
            onChange={(event) => set('colors', event.target.value)}
            onBlur={() => trimList('colors')}
          />
          {splitCommaList(values.colors).length > 0 && (
            // The swatches shoppers will see, so a custom colour name can be checked at once.
            <ul className="flex flex-wrap gap-2" aria-label="Swatch preview" data-testid="swatch-preview">
              {splitCommaList(values.colors).map((name) => (
                <li key={name} className="flex items-center gap-1.5 text-xs text-muted">
                  <span
                    className="size-4 rounded-full border border-black/15 bg-(--c)"
                    style={swatchStyle(name) as React.CSSProperties}
                    aria-hidden
                  />
                  {name}
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="grid min-w-0 grid-cols-1 content-start gap-2">
          <Label htmlFor={id('sizes')}>Sizes (comma separated)</Label>
          <Input
            id={id('sizes')}
            value={values.sizes}
            onChange={(event) => set('sizes', event.target.value)}
            onBlur={() => trimList('sizes')}
          />
        </div>
      </div>
      {stockCells ? (
        <StockGrid
          colors={product ? product.colors : newColors}
          sizes={product ? product.sizes : newSizes}
          cells={stockCells}
          onChange={(key, value) => setStockEdits((current) => ({ ...current, [key]: value }))}
        />
      ) : (
        <p className="text-sm text-muted">{stock.isError ? stock.error.message : MESSAGES.loading}</p>
      )}
      <div className="grid min-w-0 grid-cols-1 gap-2">
        <Label htmlFor={id('tags')}>Tags (comma separated)</Label>
        <Input
          id={id('tags')}
          value={values.tags}
          onChange={(event) => set('tags', event.target.value)}
          onBlur={() => trimList('tags')}
        />
      </div>
      <fieldset className="grid min-w-0 grid-cols-1 gap-2">
        <legend className="mb-1 text-sm font-medium">Placement</legend>
        <div className="flex flex-wrap gap-4">
          <CheckboxList
            options={PLACEMENT_TAGS}
            labels={PLACEMENT_TAG_LABELS}
            selected={values.placement}
            onChange={(placement) => set('placement', placement)}
          />
        </div>
      </fieldset>
      <div className="flex flex-wrap gap-4">
        {checkbox('isNewArrival', 'New arrival')}
        {checkbox('isFeatured', 'Featured')}
        {checkbox('isActive', 'Active')}
      </div>
      <div className="grid min-w-0 grid-cols-1 gap-2">
        <Label htmlFor={id('images')}>Images (the first is the main image)</Label>
        <input
          id={id('images')}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          multiple
          disabled={progress !== null}
          onChange={(event) => {
            void uploadFiles(event.target.files);
            event.target.value = '';
          }}
          className="w-full min-w-0 text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-brand-100 file:px-3 file:py-2 file:text-brand-900 hover:file:bg-brand-200"
        />
        {progress !== null && (
          <div
            role="progressbar"
            aria-label="Upload progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(progress * 100)}
            className="h-2 overflow-hidden rounded-full bg-brand-50"
          >
            <div
              className="h-full bg-brand-600 transition-[width]"
              style={{ width: `${Math.round(progress * 100)}%` }}
            />
          </div>
        )}
        {values.imageUrls.length > 0 && (
          <ul className="flex flex-wrap gap-2">
            {values.imageUrls.map((url, index) => (
              <li key={url} className="relative">
                <img
                  src={url}
                  alt={index === 0 ? 'Main image' : `Image ${index + 1}`}
                  className="size-16 rounded-lg border border-line object-cover"
                />
                <button
                  type="button"
                  aria-label={`Remove image ${index + 1}`}
                  onClick={() =>
                    set(
                      'imageUrls',
                      values.imageUrls.filter((value) => value !== url),
                    )
                  }
                  className="absolute -top-1.5 -right-1.5 grid size-5 place-items-center rounded-full bg-ink text-xs text-white hover:bg-red-600"
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel} disabled={isSaving}>
          {ADMIN_MESSAGES.cancel}
        </Button>
        <Button type="submit" variant="brand" disabled={!isComplete || isSaving || progress !== null}>
          {product ? 'Save Changes' : ADMIN_MESSAGES.addProduct}
        </Button>
      </DialogFooter>
    </form>
  );
}
