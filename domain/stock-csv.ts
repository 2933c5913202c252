/**
 * The products-with-stock CSV (issue 32 item 3; server/catalog/product-stock-csv.ts): its
 * columns, its size limit and the refusal of a larger file, for the server, the HTTP shell's
 * body limit and the admin's Products tab alike.
 */
export const PRODUCT_STOCK_CSV_HEADER = ['product_slug', 'product_name', 'color', 'size', 'stock'] as const;
export type ProductStockCsvColumn = (typeof PRODUCT_STOCK_CSV_HEADER)[number];

/** The largest file an import reads. */
export const PRODUCT_STOCK_IMPORT_MAX_BYTES = 1024 * 1024;

export const STOCK_IMPORT_TOO_LARGE = 'Nothing was imported. The file is larger than 1 MB.';

/** Where the stock import is posted (the HTTP shell gives it its own body limit). */
export const PRODUCT_STOCK_IMPORT_PATH = '/api/admin/products/import';
