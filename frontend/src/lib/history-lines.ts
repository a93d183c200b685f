// A history row stands for `quantity` identical lines (docs/api.md#proxy-history): a rotating
// generation of 1,000 lines is one row with quantity 1000; sticky lines and pieces are one row
// each. Copying or exporting a row gives back every line it stands for.

const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** How many lines a row stands for: its quantity, 1 when absent or not a positive whole number. */
export function lineCount(row: { quantity?: number | null }): number {
  const quantity = row.quantity;
  return typeof quantity === 'number' && Number.isInteger(quantity) && quantity > 1 ? quantity : 1;
}

/** The row's lines, one per line break (no trailing break): the proxy repeated `quantity` times. */
export function rowText(row: { proxy: string; quantity?: number | null }): string {
  return Array.from({ length: lineCount(row) }, () => row.proxy).join('\n');
}

/** Every line of the rows, in order, each row's repeated as often as it stands for. */
export function expandRows(rows: ReadonlyArray<{ proxy: string; quantity?: number | null }>): string[] {
  return rows.flatMap((row) => Array.from({ length: lineCount(row) }, () => row.proxy));
}

/** "×1,000" for a row of many lines, null for a row of one. */
export function timesLabel(row: { quantity?: number | null }): string | null {
  const count = lineCount(row);
  return count > 1 ? `×${grouped.format(count)}` : null;
}

/** "1,000 lines" (the words a screen reader hears for the "×1,000" badge). */
export function linesLabel(row: { quantity?: number | null }): string {
  const count = lineCount(row);
  return `${grouped.format(count)} ${count === 1 ? 'line' : 'lines'}`;
}
