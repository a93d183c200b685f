// The browser-made table files: CSV quoting and defused formulas as the server's exports do them,
// the same columns as JSON, and the file name.
import { csvCell, exportFileName, tableFile, toCsv, toJson, type ExportColumn } from './table-export';

type Row = { name: string; count: number; note: string | null };
const COLUMNS: Array<ExportColumn<Row>> = [
  { key: 'name', value: (row) => row.name },
  { key: 'count', value: (row) => row.count },
  { key: 'note', value: (row) => row.note },
];

describe('table export', () => {
  it('quotes cells as RFC 4180 needs and defuses what a spreadsheet would run', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('\rx')).toBe('"\'\rx"');
    // numbers are numbers, not formulas; null is an empty cell
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(0.75)).toBe('0.75');
    expect(csvCell(null)).toBe('');
    expect(csvCell(true)).toBe('true');
  });

  it('writes a header and one CRLF line per row, and the same rows as JSON objects', async () => {
    const rows: Row[] = [
      { name: 'bücher.example', count: 2, note: null },
      { name: '=1+1', count: 0, note: 'a, b' },
    ];
    expect(toCsv(COLUMNS, rows)).toBe("name,count,note\r\nbücher.example,2,\r\n'=1+1,0,\"a, b\"\r\n");
    expect(JSON.parse(toJson(COLUMNS, rows))).toEqual([
      { name: 'bücher.example', count: 2, note: null },
      { name: '=1+1', count: 0, note: 'a, b' },
    ]);
    expect(toCsv(COLUMNS, [])).toBe('name,count,note\r\n');
    const file = tableFile('csv', COLUMNS, rows);
    expect(file.type).toBe('text/csv;charset=utf-8');
    // UTF-8: the umlaut takes two bytes
    expect(new Uint8Array(await file.arrayBuffer()).slice(18, 20)).toEqual(new Uint8Array([0xc3, 0xbc]));
    expect(tableFile('json', COLUMNS, rows).type).toBe('application/json;charset=utf-8');
  });

  it('names the file after the kind, the table and the UTC day', () => {
    expect(exportFileName('premium', 'hosts', 'csv', new Date('2026-11-30T23:59:00Z'))).toBe('proxyshop-premium-hosts-2026-11-30.csv');
    expect(exportFileName('budget', 'health-countries', 'json', new Date('2026-12-01T00:00:00Z'))).toBe('proxyshop-budget-health-countries-2026-12-01.json');
  });
});
