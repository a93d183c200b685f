// One health table of the Health tab: per target host, targeted country or credential, the
// connections, the success rate (with a bar of succeeded against failed), the failures by
// reason (under the name below 640 px), and the median and 95th percentile connect times (from
// 640 px).
import { DataTable, FullRow, NARROW_LAST, WIDE_ONLY } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/page-parts';
import { cn } from '@/lib/cn';
import { credentialLine, formatConnectMs, formatRate, healthKeyLabel, reasonCounts, reasonLabel, type HealthBy, type HealthRow } from '../traffic-health';
import { formatCount } from '../usage-records';
import { useFoldedRows } from './fold-rows';

const KEY_HEADERS: Record<Exclude<HealthBy, 'hour'>, string> = { host: 'Host', country: 'Country', credential: 'Credential' };

/** The success rate with a bar of succeeded (green) against failed (red). */
export function RateBar({ row }: { row: Pick<HealthRow, 'successRate' | 'connections'> }) {
  return (
    <span className="block text-right tabular-nums">
      <span className="block font-medium">{formatRate(row.successRate)}</span>
      <span aria-hidden="true" className="mt-1 ml-auto flex h-1 w-16 overflow-hidden rounded-full bg-rose-500 dark:bg-rose-400">
        <span className="block h-1 bg-emerald-500 dark:bg-emerald-400" style={{ width: `${row.successRate * 100}%` }} />
      </span>
    </span>
  );
}

/** The failures of a group by reason, the most first. */
export function ReasonList({ byReason }: { byReason: Readonly<Record<string, number>> }) {
  const reasons = reasonCounts(byReason);
  if (reasons.length === 0) return <span className="text-slate-600 dark:text-slate-400">None</span>;
  return (
    <ul className="space-y-0.5">
      {reasons.map(([reason, count]) => (
        <li key={reason} data-reason={reason}>
          {reasonLabel(reason)} <span className="text-slate-600 tabular-nums dark:text-slate-400">× {formatCount(count)}</span>
        </li>
      ))}
    </ul>
  );
}

type HealthTableProps = { label: string; by: Exclude<HealthBy, 'hour'>; rows: readonly HealthRow[]; testId: string };

export function HealthTable({ label, by, rows, testId }: HealthTableProps) {
  const { shown, toggle } = useFoldedRows(rows);
  const columns = [
    KEY_HEADERS[by],
    { label: 'Connections', align: 'right' as const },
    { label: 'Success rate', align: 'right' as const },
    { label: 'Failures', wide: true },
    { label: 'Connect p50 / p95', align: 'right' as const, wide: true },
  ];
  return (
    <div data-testid={testId}>
      <DataTable label={label} columns={columns} minWidth="sm:min-w-[560px]">
        {rows.length === 0 ? (
          <FullRow columns={columns.length}>
            <EmptyState title="No connections in this period" />
          </FullRow>
        ) : (
          shown.map((row) => (
            <tr key={`${row.credentialKind ?? ''}:${row.key}`} className="align-top" data-testid={`${testId}-row`}>
              <th scope="row" className="max-w-[7rem] py-2.5 pr-3 text-left font-normal sm:max-w-[16rem] sm:pr-4">
                <span className={cn('block font-medium', row.key === '' ? 'text-slate-600 italic dark:text-slate-400' : 'truncate')} title={row.key || undefined}>
                  {healthKeyLabel(by, row.key)}
                </span>
                {by === 'credential' && <span className="block text-xs text-slate-600 dark:text-slate-400">{credentialLine(row)}</span>}
                {by === 'country' && row.key && <span className="block text-xs text-slate-600 uppercase dark:text-slate-400">{row.key}</span>}
                {row.failed > 0 && (
                  <div className="mt-1 text-xs font-normal sm:hidden">
                    <ReasonList byReason={row.failuresByReason} />
                  </div>
                )}
              </th>
              <td className="py-2.5 pr-4 text-right tabular-nums">{formatCount(row.connections)}</td>
              <td className={cn('py-2.5 pr-4', NARROW_LAST)}>
                <RateBar row={row} />
              </td>
              <td className={cn('py-2.5 pr-4', WIDE_ONLY)}>
                <ReasonList byReason={row.failuresByReason} />
              </td>
              <td className={cn('py-2.5 text-right whitespace-nowrap tabular-nums', WIDE_ONLY)}>
                {formatConnectMs(row.p50ConnectMs)} / {formatConnectMs(row.p95ConnectMs)}
              </td>
            </tr>
          ))
        )}
      </DataTable>
      {toggle}
    </div>
  );
}
