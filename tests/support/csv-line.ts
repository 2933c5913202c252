/**
 * Test reader of one CSV line, as a spreadsheet splits it with `separator` (',' or a European
 * ';'): a quote anywhere opens a quoted run, so a cell the writer left unquoted shows how a
 * spreadsheet would break it apart (server/csv.test.ts, csv-export.test.ts).
 */
export function readLine(line: string, separator: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < line.length; index++) {
    const char = line[index]!;
    if (quoted) {
      if (char === '"' && line[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === separator) {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  return [...cells, cell];
}
