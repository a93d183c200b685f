// CSV and JSON buttons of a usage table: the file is made in the browser from the rows the table
// holds (at most 100, already loaded; lib/table-export.ts), named after the kind, the table and
// today's UTC date. Nothing to save while the table is empty.
import { Button } from '@/components/ui/button';
import { DownloadIcon } from '@/components/ui/icons';
import type { ProxyKind } from '@/lib/kinds';
import { exportFileName, saveTable, type ExportColumn, type ExportFormat } from '@/lib/table-export';
import { notify } from '@/lib/toast';

export const TABLE_SAVED = 'File downloaded';
export const TABLE_SAVE_FAILED = 'Could not save the file';

type TableDownloadsProps<Row> = {
  kind: ProxyKind;
  /** The table's name in the file name ("hosts", "health-countries"). */
  table: string;
  /** The table's title, for the buttons' accessible names. */
  title: string;
  columns: ReadonlyArray<ExportColumn<Row>>;
  rows: readonly Row[] | undefined;
};

const FORMATS: ReadonlyArray<{ format: ExportFormat; label: string }> = [
  { format: 'csv', label: 'CSV' },
  { format: 'json', label: 'JSON' },
];

export function TableDownloads<Row>({ kind, table, title, columns, rows }: TableDownloadsProps<Row>) {
  const empty = !rows || rows.length === 0;
  function save(format: ExportFormat) {
    if (!rows) return;
    try {
      saveTable(format, columns, rows, exportFileName(kind, table, format));
      notify.success(TABLE_SAVED);
    } catch {
      notify.error(TABLE_SAVE_FAILED);
    }
  }
  return (
    <div className="flex gap-2" role="group" aria-label={`Download ${title}`}>
      {FORMATS.map(({ format, label }) => (
        <Button key={format} variant="outline" size="sm" disabled={empty} onClick={() => save(format)} aria-label={`Download ${title} as ${label}`}>
          <DownloadIcon className="h-4 w-4" />
          {label}
        </Button>
      ))}
    </div>
  );
}
