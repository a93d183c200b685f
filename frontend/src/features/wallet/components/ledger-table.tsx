// The wallet ledger: Date, Type, Amount (signed, green for money in, red for money out) and the
// balance after each entry, with skeleton rows while loading and an empty state. Under 640 px the
// date goes under the type and the balance under the amount, so nothing needs side-scrolling.
import { DataTable, FullRow, NARROW_LAST, SkeletonRows, WIDE_ONLY, type Column } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/page-parts';
import { cn } from '@/lib/cn';
import { formatDateTime, formatMoney, formatSignedMoney, fromUnixSeconds } from '@/lib/format';
import type { LedgerEntry } from '../api/get-wallet';
import { KIND_LABELS } from './labels';

const COLUMNS: Column[] = [
  { label: 'Date', wide: true },
  'Type',
  { label: 'Amount', align: 'right' },
  { label: 'Balance after', align: 'right', wide: true },
];
const SMALL = 'block text-xs font-normal text-slate-600 dark:text-slate-400';

export function LedgerTable({ entries, loading, failed }: { entries: LedgerEntry[] | undefined; loading: boolean; failed: boolean }) {
  return (
    <DataTable label="Wallet activity" columns={COLUMNS}>
      {loading && <SkeletonRows columns={COLUMNS} />}
      {!loading && failed && (
        <FullRow columns={COLUMNS.length}>
          <EmptyState title="Could not load your wallet activity." body="Please try again in a moment." />
        </FullRow>
      )}
      {!loading && !failed && entries?.length === 0 && (
        <FullRow columns={COLUMNS.length}>
          <EmptyState title="No wallet activity yet." body="Top-ups, purchases and referral bonuses will be listed here." />
        </FullRow>
      )}
      {entries?.map((entry) => {
        const date = formatDateTime(fromUnixSeconds(entry.createdAt));
        return (
          <tr key={entry.id}>
            <td className={cn('py-3 pr-4 whitespace-nowrap text-slate-600 dark:text-slate-300', WIDE_ONLY)}>{date}</td>
            <td className="py-3 pr-4">
              <span className="font-medium">{KIND_LABELS[entry.kind]}</span>
              {entry.note && <span className={SMALL}>{entry.note}</span>}
              <span className={cn(SMALL, 'sm:hidden')}>{date}</span>
            </td>
            <td className={cn('py-3 pr-4 text-right whitespace-nowrap tabular-nums', NARROW_LAST)}>
              <span
                className={cn(
                  'font-semibold',
                  entry.amount > 0 && 'text-emerald-700 dark:text-emerald-400',
                  entry.amount < 0 && 'text-red-700 dark:text-red-400',
                )}
              >
                {formatSignedMoney(entry.amount)}
              </span>
              <span className={cn(SMALL, 'sm:hidden')}>Balance {formatMoney(entry.balanceAfter)}</span>
            </td>
            <td className={cn('py-3 text-right whitespace-nowrap tabular-nums', WIDE_ONLY)}>{formatMoney(entry.balanceAfter)}</td>
          </tr>
        );
      })}
    </DataTable>
  );
}
