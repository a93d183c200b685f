// A table's rows as a file made in the browser, CSV or JSON, from the rows the screen already
// holds (no request): the same columns both ways, CSV cells quoted as RFC 4180 needs with
// spreadsheet formulas defused as the server's exports do (a text cell starting with `=`, `+`,
// `-`, `@`, a tab or a carriage return gets a leading `'`), UTF-8.
import type { ProxyKind } from './kinds';
import { saveBlob } from './text-file';

export type ExportValue = string | number | boolean | null;

/** One column: its machine name (the CSV header and the JSON key) and its value in a row. */
export type ExportColumn<Row> = { key: string; value: (row: Row) => ExportValue };

export type ExportFormat = 'csv' | 'json';

const FORMULA_START = ['=', '+', '-', '@', '\t', '\r'];

/** One CSV cell: text defused and quoted where needed; numbers and booleans as written; null empty. */
export function csvCell(value: ExportValue): string {
  if (value === null) return '';
  if (typeof value !== 'string') return String(value);
  const defused = FORMULA_START.some((start) => value.startsWith(start)) ? `'${value}` : value;
  return /[",\r\n]/.test(defused) ? `"${defused.replaceAll('"', '""')}"` : defused;
}

/** A header line and one line per row, each ended by CRLF. */
export function toCsv<Row>(columns: ReadonlyArray<ExportColumn<Row>>, rows: readonly Row[]): string {
  const line = (cells: string[]) => `${cells.join(',')}\r\n`;
  return line(columns.map((column) => csvCell(column.key))) + rows.map((row) => line(columns.map((column) => csvCell(column.value(row))))).join('');
}

/** An array of one object per row, keyed by the columns' names, values as they are. */
export function toJson<Row>(columns: ReadonlyArray<ExportColumn<Row>>, rows: readonly Row[]): string {
  const objects = rows.map((row) => Object.fromEntries(columns.map((column) => [column.key, column.value(row)])));
  return `${JSON.stringify(objects, null, 2)}\n`;
}

/** "proxyshop-premium-hosts-2026-11-30.csv": the kind, the table and today's UTC date. */
export const exportFileName = (kind: ProxyKind, table: string, format: ExportFormat, now: Date = new Date()) =>
  `proxyshop-${kind}-${table}-${now.toISOString().slice(0, 10)}.${format}`;

const MEDIA_TYPES: Record<ExportFormat, string> = { csv: 'text/csv;charset=utf-8', json: 'application/json;charset=utf-8' };

/** The file's contents and media type. */
export function tableFile<Row>(format: ExportFormat, columns: ReadonlyArray<ExportColumn<Row>>, rows: readonly Row[]): Blob {
  const text = format === 'csv' ? toCsv(columns, rows) : toJson(columns, rows);
  return new Blob([text], { type: MEDIA_TYPES[format] });
}

/** Saves the rows as `fileName` in `format`. Throws when the browser refuses. */
export function saveTable<Row>(format: ExportFormat, columns: ReadonlyArray<ExportColumn<Row>>, rows: readonly Row[], fileName: string): void {
  saveBlob(tableFile(format, columns, rows), fileName);
}
