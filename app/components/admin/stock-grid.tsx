import { useQuery } from '@tanstack/react-query';
import { lowStockNote, parseStockCount, stockColors, stockFor, stockSizes, variantKey, type VariantStock } from '@domain/stock';
import { cn } from '~/lib/utils';
import { adminGet } from '~/lib/admin/admin-api';

/** One cell as typed, with the count the grid loaded (the server applies the difference). */
export interface StockCell {
  color: string;
  size: string;
  value: string;
  base: number | null;
}

export type StockCells = Record<string, StockCell>;

export function useProductStock(productId: string | null) {
  return useQuery({
    queryKey: ['admin', 'stock', productId],
    queryFn: () => adminGet<{ stock: VariantStock[] }>(`/api/admin/products/${productId}/stock`),
    enabled: Boolean(productId),
  });
}

/** The grid's cells for a product's colours and sizes, from the loaded counts. */
export function initialStockCells(colors: string[], sizes: string[], stock: VariantStock[]): StockCells {
  const cells: StockCells = {};
  for (const color of stockColors(colors)) {
    for (const size of stockSizes(sizes)) {
      const quantity = stockFor(stock, color, size);
      cells[variantKey(color, size)] = { color, size, value: quantity === undefined ? '' : String(quantity), base: quantity ?? null };
    }
  }
  return cells;
}

/** What the stock endpoint takes: every cell, with its loaded count. */
export function stockCellsBody(cells: StockCells) {
  return Object.values(cells).map((cell) => ({ color: cell.color, size: cell.size, quantity: cell.value, base: cell.base }));
}

export function isStockDirty(cells: StockCells): boolean {
  return Object.values(cells).some((cell) => cell.value.trim() !== (cell.base === null ? '' : String(cell.base)));
}

/** The first problem in the grid (a negative or non-integer count), or null. */
export function stockGridProblem(cells: StockCells): string | null {
  for (const cell of Object.values(cells)) {
    const parsed = parseStockCount(cell.value, cell);
    if (!parsed.ok) return parsed.message;
  }
  return null;
}

/**
 * The product dialog's stock: a colour x size grid (issue 11 item 3). Blank = not tracked
 * (unlimited); 0 = sold out; at or below the low-stock threshold the cell is marked.
 */
export function StockGrid({
  colors,
  sizes,
  cells,
  onChange,
}: {
  colors: string[];
  sizes: string[];
  cells: StockCells;
  onChange: (key: string, value: string) => void;
}) {
  const rows = stockColors(colors);
  const columns = stockSizes(sizes);
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">Stock per color and size</legend>
      <p className="text-xs text-muted">Blank: not tracked (unlimited). 0: sold out.</p>
      <div className="overflow-x-auto rounded-lg border border-line">
        <table className="w-full border-collapse text-sm" data-testid="stock-grid">
          <thead>
            <tr className="bg-brand-50">
              <th scope="col" className="px-2 py-1.5 text-left font-medium">
                Color
              </th>
              {columns.map((size) => (
                <th key={size} scope="col" className="px-2 py-1.5 text-center font-medium">
                  {size}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((color) => (
              <tr key={color} className="border-t border-line">
                <th scope="row" className="px-2 py-1.5 text-left font-medium whitespace-nowrap">
                  {color}
                </th>
                {columns.map((size) => {
                  const key = variantKey(color, size);
                  const cell = cells[key];
                  const value = cell?.value ?? '';
                  const parsed = parseStockCount(value, { color, size });
                  const quantity = parsed.ok ? parsed.quantity : null;
                  const isBad = !parsed.ok;
                  const isOut = quantity === 0;
                  const isLow = quantity !== null && lowStockNote(quantity) !== null;
                  return (
                    <td key={size} className="px-1 py-1 text-center">
                      <input
                        aria-label={`Stock ${color} ${size}`}
                        inputMode="numeric"
                        placeholder="∞"
                        value={value}
                        onChange={(event) => onChange(key, event.target.value)}
                        aria-invalid={isBad || undefined}
                        title={isBad ? parsed.message : isOut ? 'Sold out' : isLow ? 'Low stock' : undefined}
                        className={cn(
                          'h-9 w-16 rounded-md border border-line bg-white px-2 text-center tabular-nums focus-visible:outline-2 focus-visible:outline-brand-500',
                          isOut && 'border-red-300 bg-red-50 text-red-800',
                          isLow && 'border-amber-300 bg-amber-50 text-amber-900',
                          isBad && 'border-red-600 ring-1 ring-red-600',
                        )}
                      />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </fieldset>
  );
}
