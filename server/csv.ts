/**
 * The shop's one CSV writer (issue 30 item 7, decision 029): every export builds its file here.
 *
 * - **Cells stay cells.** A field holding a comma, a semicolon (the separator of European
 *   spreadsheets), a quote, a tab or a line break is quoted, its quotes doubled (RFC 4180), so
 *   `Semi;=1+1` is one cell in every locale.
 * - **No formulas.** A field a spreadsheet would run as a formula (one beginning with `=`, `-`,
 *   `@`, a tab or a carriage return) is prefixed with `'`. A leading `+` is guarded only when
 *   the rest is more than a phone number: `+1 317 555 0100` stays as it is, `+SUM(A1)` and
 *   `+1+1` are guarded.
 * - Lines end with CRLF; the file ends with one.
 */

export type CsvValue = string | number | null | undefined;

const FORMULA_START = /^[=\-@\t\r]/;
/** A phone number as people write it: a plus, then digits with spaces, dots, dashes or brackets. */
const PHONE_NUMBER = /^\+\d[\d\s().-]*\d$/;
const NEEDS_QUOTES = /[",;\t\r\n]/;

/** True when a spreadsheet opening the cell would read it as a formula. */
export function readsAsFormula(text: string): boolean {
  if (FORMULA_START.test(text)) return true;
  return text.startsWith('+') && !PHONE_NUMBER.test(text);
}

/** One field: guarded against formulas, quoted when it holds a separator, a quote or a line break. */
export function csvCell(value: CsvValue): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (readsAsFormula(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly CsvValue[]): string {
  return values.map(csvCell).join(',');
}

/** A whole file: the header line, then one line per row. */
export function toCsv(header: readonly string[], rows: Iterable<readonly CsvValue[]>): string {
  const lines = [csvLine(header)];
  for (const row of rows) lines.push(csvLine(row));
  return lines.join('\r\n') + '\r\n';
}
