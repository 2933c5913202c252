import { readLine } from '../tests/support/csv-line';
import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, readsAsFormula, toCsv } from './csv';

describe('CSV cells (issue 30 item 7)', () => {
  it('quotes a field holding a semicolon, so a European spreadsheet keeps it in one cell', () => {
    expect(csvCell('Semi;=1+1')).toBe('"Semi;=1+1"');
    const line = csvLine(['WYF-1', 'Semi;=1+1', 'x']);
    expect(readLine(line, ';')).toHaveLength(1);
    expect(readLine(line, ',')).toEqual(['WYF-1', 'Semi;=1+1', 'x']);
  });

  it('quotes commas, quotes, tabs and line breaks, doubling quotes', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell('cr\rhere')).toBe('"cr\rhere"');
    expect(csvCell('tab\there')).toBe('"tab\there"');
    expect(csvCell('plain text')).toBe('plain text');
    expect(csvCell(null)).toBe('');
    expect(csvCell(42)).toBe('42');
  });

  it('guards cells a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe(`"'\t=1"`);
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
    expect(csvCell('+SUM(A1:A9)')).toBe("'+SUM(A1:A9)");
    expect(csvCell('+1+1')).toBe("'+1+1");
    expect(csvCell('+')).toBe("'+");
  });

  it('keeps phone numbers readable: a leading + is no formula when the rest is a number as people write it', () => {
    for (const phone of [
      '+1 317 555 0100',
      '+1 (317) 555-0100',
      '+44 20 7946 0958',
      '+49.30.1234567',
      '+13175550100',
    ]) {
      expect(readsAsFormula(phone)).toBe(false);
      expect(csvCell(phone)).toBe(phone);
    }
  });

  it('writes a header and rows with CRLF line ends', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['1', 'x;y'],
          [null, '+1 317 555 0100'],
        ],
      ),
    ).toBe('a,b\r\n1,"x;y"\r\n,+1 317 555 0100\r\n');
  });
});
