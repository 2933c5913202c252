/**
 * The Products tab's CSV buttons (issue 32 item 3): export every product with its stock per
 * color and size, and import the same format back. A refused file lists its problems by row
 * and column (the server checked every row and wrote nothing).
 */
import { useId, useRef, useState } from 'react';
import { PRODUCT_STOCK_CSV_HEADER } from '@domain/stock-csv';
import { Button } from '~/components/ui/button';
import { Download } from '~/components/ui/icons';
import { notify } from '~/lib/notify';
import { downloadAdminFile, importStockCsv, type StockImportOutcome } from '~/lib/admin/csv-files';

type Refusal = Extract<StockImportOutcome, { ok: false }>;

export function StockCsvButtons({ onImported }: { onImported: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const ids = useId();

  async function upload(file: File | undefined) {
    if (!file) return;
    setBusy(true);
    setRefusal(null);
    try {
      const outcome = await importStockCsv(file);
      if (outcome.ok) {
        notify({
          title: 'Stock imported',
          description: `${outcome.rows} rows: ${outcome.tracked} counts set, ${outcome.untracked} not tracked.`,
        });
        onImported();
      } else {
        setRefusal(outcome);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button
        variant="outline"
        size="sm"
        onClick={() =>
          void downloadAdminFile('/api/admin/products/export', 'products-stock.csv').catch((error: unknown) => {
            console.error('[admin] products CSV export failed', error);
            notify({ title: 'Could not export the products', variant: 'destructive' });
          })
        }
      >
        <Download className="size-4" aria-hidden /> Export CSV
      </Button>
      <Button
        variant="outline"
        size="sm"
        disabled={busy}
        onClick={() => input.current?.click()}
        aria-describedby={`${ids}-help`}
      >
        <Download className="size-4 rotate-180" aria-hidden /> {busy ? 'Importing...' : 'Import stock CSV'}
      </Button>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv"
        className="sr-only"
        tabIndex={-1}
        aria-label="Stock CSV file"
        data-testid="stock-csv-input"
        onChange={(event) => {
          void upload(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      <p id={`${ids}-help`} className="sr-only">
        Columns: {PRODUCT_STOCK_CSV_HEADER.join(', ')}. A blank stock means not tracked.
      </p>
      {refusal && (
        <div
          role="alert"
          className="basis-full rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800"
          data-testid="stock-import-problems"
        >
          <p className="font-medium">{refusal.message}</p>
          {refusal.problems.length > 0 && (
            <ul className="mt-2 list-disc space-y-0.5 pl-5">
              {refusal.problems.map((problem, index) => (
                <li key={index}>
                  {problem.row !== null ? `Row ${problem.row}` : 'File'}
                  {problem.column ? `, column ${problem.column}` : ''}: {problem.message}
                </li>
              ))}
            </ul>
          )}
          {refusal.problemCount > refusal.problems.length && (
            <p className="mt-1">and {refusal.problemCount - refusal.problems.length} more.</p>
          )}
          <button type="button" className="mt-2 underline" onClick={() => setRefusal(null)}>
            Dismiss
          </button>
        </div>
      )}
    </>
  );
}
