/**
 * Products with their stock as CSV, and back (issue 32 item 3, decision 034). One row per
 * product and variant (colour x size): `product_slug` names the product, `product_name` is
 * there to read (an import does not rename), `stock` is the tracked count, blank for "not
 * tracked" (unlimited), as in the admin's grid.
 *
 * An import sets the count of each (product, colour, size) it lists: it creates the stock row
 * or updates it, and a blank cell stops tracking. Every row is checked before anything is
 * written; any problem refuses the whole file with every problem listed by row (the header is
 * row 1, as a spreadsheet numbers them) and column. The file is parsed by csv-parse; it is
 * written by the shop's one CSV writer (server/csv.ts), whose formula guard (a leading `'`)
 * an import takes off again, so a file goes back in as it came out.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import {
  PRODUCT_STOCK_CSV_HEADER,
  PRODUCT_STOCK_IMPORT_MAX_BYTES,
  STOCK_IMPORT_TOO_LARGE,
  type ProductStockCsvColumn,
} from '../../domain/stock-csv';
import { parseStockCount, stockColors, stockFor, stockSizes, variantKey } from '../../domain/stock';
import { AppError } from '../app-error';
import { readsAsFormula, toCsv, type CsvValue } from '../csv';
import type { Executor } from '../db/client';
import { writeAuditEntry, type AuditActor } from '../audit/audit-log';
import { products, productStock } from '../db/schema';
import { loadProductStock } from '../stock/product-stock';
import { stockChanged } from '../stock/stock-events';

type Column = ProductStockCsvColumn;
/** Rows one import may hold (a shop of 1,000 products with 10 colors x 10 sizes is 100,000). */
export const PRODUCT_STOCK_IMPORT_MAX_ROWS = 100_000;
/** Problems listed in one refusal; the rest are counted. */
const MAX_LISTED_PROBLEMS = 50;

export interface ImportProblem {
  /** The file's row, the header being row 1; null for a problem of the whole file. */
  row: number | null;
  column: Column | null;
  message: string;
}

export async function exportProductStockCsv(options: { db: Executor }): Promise<string> {
  const rows = await options.db
    .select({
      id: products.id,
      slug: products.slug,
      name: products.name,
      colors: products.colors,
      sizes: products.sizes,
    })
    .from(products)
    .orderBy(asc(products.name), asc(products.slug));
  const stock = await loadProductStock(
    options.db,
    rows.map((row) => row.id),
  );
  const records: CsvValue[][] = [];
  for (const product of rows) {
    const counts = stock.get(product.id) ?? [];
    for (const color of stockColors(product.colors)) {
      for (const size of stockSizes(product.sizes)) {
        records.push([product.slug, product.name, color, size, stockFor(counts, color, size) ?? '']);
      }
    }
  }
  return toCsv(PRODUCT_STOCK_CSV_HEADER, records);
}

/** A cell as the writer guarded it, back to what it was ("'=x" -> "=x"). */
function unguard(cell: string): string {
  const text = cell.trim();
  return text.startsWith("'") && readsAsFormula(text.slice(1)) ? text.slice(1) : text;
}

/** csv-parse's refusal, by the row its record starts on (records read so far + 1) and its column. */
function malformed(error: unknown): ImportProblem {
  const { code, records, column } = (error ?? {}) as { code?: string; records?: number; column?: number };
  const reason =
    code === 'CSV_QUOTE_NOT_CLOSED'
      ? 'a quoted cell is never closed'
      : code === 'CSV_INVALID_CLOSING_QUOTE'
        ? 'a quote inside a cell must be doubled ("")'
        : code === 'CSV_MAX_RECORD_SIZE'
          ? 'a row is too long'
          : 'it cannot be read';
  return {
    row: typeof records === 'number' ? records + 1 : null,
    column: typeof column === 'number' ? (PRODUCT_STOCK_CSV_HEADER[column] ?? null) : null,
    message: `The file is not valid CSV: ${reason}`,
  };
}

function refuse(problems: ImportProblem[]): never {
  const listed = problems.slice(0, MAX_LISTED_PROBLEMS);
  const first = listed[0]!;
  const where = first.row === null ? '' : `Row ${first.row}${first.column ? `, column ${first.column}` : ''}: `;
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more problem${problems.length > 2 ? 's' : ''})` : '';
  throw new AppError('invalid-stock', {
    message: `Nothing was imported. ${where}${first.message}${more}`,
    details: { problems: listed, problemCount: problems.length },
  });
}

export interface ImportResult {
  /** Rows read (the header not counted). */
  rows: number;
  /** Counts set (created or updated). */
  tracked: number;
  /** Variants made "not tracked" (blank stock). */
  untracked: number;
}

export async function importProductStockCsv(options: {
  db: Executor;
  text: string;
  /** Who imports, for the audit log (issue 27). */
  actor: AuditActor;
}): Promise<ImportResult> {
  const { db } = options;
  if (Buffer.byteLength(options.text, 'utf8') > PRODUCT_STOCK_IMPORT_MAX_BYTES) {
    throw new AppError('invalid-stock', {
      message: STOCK_IMPORT_TOO_LARGE,
      details: { problems: [], problemCount: 1 },
    });
  }
  if (options.text.includes('\u0000'))
    refuse([{ row: null, column: null, message: 'The file is not a CSV text file' }]);
  let records: string[][];
  try {
    records = parse(options.text, {
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      max_record_size: 10_000,
    });
  } catch (error) {
    refuse([malformed(error)]);
  }
  const [header, ...body] = records;
  const expected = PRODUCT_STOCK_CSV_HEADER.join(',');
  if (!header || header.map((cell) => cell.trim().toLowerCase()).join(',') !== expected) {
    refuse([{ row: 1, column: null, message: `The header must be ${expected}` }]);
  }
  if (body.length === 0) refuse([{ row: null, column: null, message: 'The file has no rows under its header' }]);
  if (body.length > PRODUCT_STOCK_IMPORT_MAX_ROWS) {
    refuse([{ row: null, column: null, message: `The file has more than ${PRODUCT_STOCK_IMPORT_MAX_ROWS} rows` }]);
  }

  const slugs = [...new Set(body.map((cells) => unguard(cells[0] ?? '').toLowerCase()).filter(Boolean))];
  const known = slugs.length
    ? await db
        .select({ id: products.id, slug: products.slug, colors: products.colors, sizes: products.sizes })
        .from(products)
        .where(inArray(products.slug, slugs))
    : [];
  const bySlug = new Map(known.map((product) => [product.slug, product]));
  const problems: ImportProblem[] = [];
  const edits: { productId: string; color: string; size: string; quantity: number | null }[] = [];
  const seen = new Map<string, number>();
  body.forEach((cells, index) => {
    const row = index + 2;
    if (cells.length !== PRODUCT_STOCK_CSV_HEADER.length) {
      problems.push({
        row,
        column: null,
        message: `Expected ${PRODUCT_STOCK_CSV_HEADER.length} columns, found ${cells.length}`,
      });
      return;
    }
    const [slugCell, , colorCell, sizeCell, stockCell] = cells.map(unguard) as [string, string, string, string, string];
    const product = bySlug.get(slugCell.toLowerCase());
    if (!product) {
      problems.push({
        row,
        column: 'product_slug',
        message: slugCell ? `No product "${slugCell}"` : 'The product is missing',
      });
      return;
    }
    const color = stockColors(product.colors).find((value) => value.toLowerCase() === colorCell.toLowerCase());
    if (!color) problems.push({ row, column: 'color', message: `${product.slug} has no color "${colorCell}"` });
    const size = stockSizes(product.sizes).find((value) => value.toLowerCase() === sizeCell.toLowerCase());
    if (!size) problems.push({ row, column: 'size', message: `${product.slug} has no size "${sizeCell}"` });
    if (!color || !size) return;
    const parsed = parseStockCount(stockCell, { color, size });
    if (!parsed.ok) {
      problems.push({ row, column: 'stock', message: parsed.message });
      return;
    }
    const key = `${product.id}\u0000${variantKey(color, size)}`;
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      problems.push({ row, column: null, message: `${product.slug} ${color} / ${size} is already on row ${earlier}` });
      return;
    }
    seen.set(key, row);
    edits.push({ productId: product.id, color, size, quantity: parsed.quantity });
  });
  if (problems.length > 0) refuse(problems);

  const productIds = [...new Set(edits.map((edit) => edit.productId))].sort();
  await db.transaction(async (tx) => {
    // The products in a fixed order, as the grid locks them ('no key update': checkouts' key-share locks pass).
    await tx
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.id, productIds))
      .orderBy(asc(products.id))
      .for('no key update');
    const ordered = [...edits].sort((a, b) => {
      const left = `${a.productId}\u0000${variantKey(a.color, a.size)}`;
      const right = `${b.productId}\u0000${variantKey(b.color, b.size)}`;
      return left < right ? -1 : left > right ? 1 : 0;
    });
    for (const edit of ordered) {
      if (edit.quantity === null) {
        await tx
          .delete(productStock)
          .where(
            and(
              eq(productStock.productId, edit.productId),
              eq(productStock.color, edit.color),
              eq(productStock.size, edit.size),
            ),
          );
        continue;
      }
      await tx
        .insert(productStock)
        .values({ productId: edit.productId, color: edit.color, size: edit.size, quantity: edit.quantity })
        .onConflictDoUpdate({
          target: [productStock.productId, productStock.color, productStock.size],
          set: { quantity: edit.quantity, updatedAt: new Date() },
        });
    }
    const tracked = edits.filter((edit) => edit.quantity !== null).length;
    await writeAuditEntry(tx, options.actor, {
      action: 'product.stock',
      target: 'Stock CSV import',
      summary: `imported stock from a CSV file: ${body.length} rows, ${tracked} counts set, ${edits.length - tracked} not tracked`,
    });
  });
  stockChanged(productIds);
  return {
    rows: body.length,
    tracked: edits.filter((edit) => edit.quantity !== null).length,
    untracked: edits.filter((edit) => edit.quantity === null).length,
  };
}
