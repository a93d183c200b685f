// The usage record summed per target host (top hosts, most bytes first) or per credential (the
// main proxy user, sub-users, allowlisted networks): requests, bytes up, down and in all, each
// exact under the readable figure (up and down from 640 px); a share bar shows each row's part.
// Requests that failed on the shop's side are counted under each row and in all: they cost nothing.
import { DataTable, FullRow, WIDE_ONLY } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/page-parts';
import { cn } from '@/lib/cn';
import { credentialKindLabel, formatCount, type BreakdownRow } from '../usage-records';
import { pluralNoun } from '@/lib/plural';
import { useFoldedRows } from './fold-rows';
import { Bytes } from './usage-bytes';

type BreakdownTableProps = {
  label: string;
  by: 'host' | 'credential';
  rows: BreakdownRow[];
  testId: string;
};

export function BreakdownTable({ label, by, rows, testId }: BreakdownTableProps) {
  const { shown, toggle } = useFoldedRows(rows);
  const columns = [
    by === 'host' ? 'Host' : 'Credential',
    { label: 'Requests', align: 'right' as const },
    { label: 'Up', align: 'right' as const, wide: true },
    { label: 'Down', align: 'right' as const, wide: true },
    { label: 'Total', align: 'right' as const },
  ];
  const total = rows.reduce((sum, row) => sum + row.bytes, 0);
  const notCharged = rows.reduce((sum, row) => sum + row.notCharged, 0);
  return (
    <div data-testid={testId}>
      <DataTable label={label} columns={columns} minWidth="sm:min-w-[520px]">
        {rows.length === 0 ? (
          <FullRow columns={columns.length}>
            <EmptyState title="No traffic in this period" />
          </FullRow>
        ) : (
          shown.map((row) => (
            <tr key={`${row.credentialKind ?? ''}:${row.key}`} className="align-top">
              <th scope="row" className="max-w-[10rem] py-2.5 pr-4 text-left font-normal sm:max-w-[16rem]">
                <span className="block truncate font-medium" title={row.key}>
                  {row.key || '—'}
                </span>
                {by === 'credential' && <span className="block text-xs text-slate-600 dark:text-slate-400">{credentialKindLabel(row.credentialKind)}</span>}
                <span aria-hidden="true" className="mt-1 block h-1 w-full rounded-full bg-slate-100 dark:bg-slate-800">
                  <span className="block h-1 rounded-full bg-brand-500" style={{ width: `${total > 0 ? Math.max((row.bytes / total) * 100, 1) : 0}%` }} />
                </span>
              </th>
              <td className="py-2.5 pr-4 text-right tabular-nums">
                {formatCount(row.requests)}
                {row.notCharged > 0 && <span className="block text-xs text-emerald-800 dark:text-emerald-300">{formatCount(row.notCharged)} not charged</span>}
              </td>
              <td className={cn('py-2.5 pr-4', WIDE_ONLY)}>
                <Bytes bytes={row.bytesUp} />
              </td>
              <td className={cn('py-2.5 pr-4', WIDE_ONLY)}>
                <Bytes bytes={row.bytesDown} />
              </td>
              <td className="py-2.5">
                <Bytes bytes={row.bytes} />
              </td>
            </tr>
          ))
        )}
      </DataTable>
      {notCharged > 0 && (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300" data-testid={`${testId}-not-charged`}>
          Not charged: {formatCount(notCharged)} {pluralNoun(notCharged, 'request', 'requests')} failed on our side (gateway busy or every provider pool down) before any byte reached you, and cost nothing.
        </p>
      )}
      {toggle}
    </div>
  );
}
