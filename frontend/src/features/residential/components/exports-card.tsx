// The usage exports prepared in the background (docs/api.md#usage-exports): each one's window,
// format (CSV or JSON) and filters, how far it got, and a download link once ready (kept a day) or a note that it failed.
// Shown only when the customer has any; read again every 2 s while one is being prepared.
import { buttonClasses } from '@/components/ui/button-classes';
import { Button } from '@/components/ui/button';
import { DataTable, WIDE_ONLY } from '@/components/ui/data-table';
import { DownloadIcon } from '@/components/ui/icons';
import { Card } from '@/components/ui/page-parts';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime, fromUnixSeconds } from '@/lib/format';
import { notify } from '@/lib/toast';
import { exportFileUrl, inMaking, useDeleteExport, useUsageExports, type UsageExport } from '../api/usage-exports';
import { formatBytes, formatCount, isoUtc, OUTCOME_LABELS, isOutcome } from '../usage-records';

// The status goes under the window, so that a phone shows it beside the actions (the other
// columns show from 640 px up).
const COLUMNS = [
  'Window (UTC) and status',
  { label: 'Filters', wide: true },
  { label: 'Requests', align: 'right', wide: true },
  { label: 'Size', align: 'right', wide: true },
  { label: 'Actions', align: 'right' },
] as const;

/** The window's first and last day (its end is exclusive); one day when they are the same. */
function windowDays(e: UsageExport): [string, string | null] {
  const first = isoUtc(e.from).slice(0, 10);
  const last = isoUtc(e.to - 1).slice(0, 10);
  return [first, first === last ? null : last];
}

/** `2026-11-01 – 2026-11-30`. */
function windowText(e: UsageExport): string {
  const [first, last] = windowDays(e);
  return last ? `${first} – ${last}` : first;
}

function filtersText(e: UsageExport): string {
  const parts = [
    e.type ?? 'all kinds',
    e.host ? `host “${e.host}”` : null,
    e.outcome ? (isOutcome(e.outcome) ? OUTCOME_LABELS[e.outcome] : e.outcome) : null,
    e.credential ? e.credential : null,
  ];
  return parts.filter(Boolean).join(', ');
}

function statusText(e: UsageExport): string {
  switch (e.status) {
    case 'pending':
      return 'Waiting to start';
    case 'running':
      return `Preparing: ${formatCount(e.records)} so far`;
    case 'ready':
      return `Ready until ${formatDateTime(fromUnixSeconds(e.expiresAt))}`;
    default:
      return 'Failed: export again';
  }
}

export function ExportsCard() {
  const exports = useUsageExports();
  const remove = useDeleteExport();
  const items = exports.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Card title="Prepared exports">
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">
        Exports longer than a day are prepared in the background; each is kept for a day after it is ready, and at most 5 at once.
      </p>
      <DataTable label="Prepared exports" columns={COLUMNS}>
        {items.map((e) => {
          const url = exportFileUrl(e);
          const [first, last] = windowDays(e);
          return (
            <tr key={e.id} data-testid="usage-export" aria-busy={inMaking(e) || undefined}>
              <td className="py-2.5 pr-4">
                {/* each day unbroken; a phone breaks the line after the dash */}
                <div className="[&>span]:whitespace-nowrap">
                  <span>{first}</span>
                  {last && (
                    <>
                      {' – '}
                      <span>{last}</span>
                    </>
                  )}{' '}
                  <span className="ml-1 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium dark:bg-slate-800" data-testid="export-format">
                    {e.format.toUpperCase()}
                  </span>
                </div>
                <div className="text-xs text-slate-600 dark:text-slate-400" role="status">
                  {statusText(e)}
                </div>
              </td>
              <td className={`py-2.5 pr-4 ${WIDE_ONLY}`}>{filtersText(e)}</td>
              <td className={`py-2.5 pr-4 text-right tabular-nums ${WIDE_ONLY}`}>{formatCount(e.records)}</td>
              <td className={`py-2.5 pr-4 text-right tabular-nums ${WIDE_ONLY}`}>{formatBytes(e.csvBytes)}</td>
              <td className="py-2.5 text-right whitespace-nowrap">
                {url && (
                  <a className={buttonClasses('outline', 'sm', 'mr-1 sm:mr-2')} href={url} download aria-label={`Download the export of ${windowText(e)}`}>
                    <DownloadIcon className="h-4 w-4" />
                    <span className="max-sm:sr-only">Download</span>
                  </a>
                )}
                <Button
                  variant="ghost"
                  size="sm"
                  busy={remove.isPending && remove.variables === e.id}
                  onClick={() => remove.mutate(e.id, { onError: (error) => notify.error(errorMessage(error)) })}
                  aria-label={`Delete the export of ${windowText(e)}`}
                >
                  Delete
                </Button>
              </td>
            </tr>
          );
        })}
      </DataTable>
    </Card>
  );
}
