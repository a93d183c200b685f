// The referral balance's ledger on the referral page: every change of the balance (earned,
// moved to the wallet, held for a payout, returned by a refusal or a failed payout), newest
// first, with the balance after it, a page at a time (GET /api/user/referral/ledger).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { DataTable, FullRow, SkeletonRows, type Column } from '@/components/ui/data-table';
import { Card, EmptyState } from '@/components/ui/page-parts';
import { formatDate, formatMoney, fromUnixSeconds } from '@/lib/format';
import { referralLedgerQueryOptions } from '../api/referral-payouts';

const LEDGER_PER_PAGE = 10;

const KIND_LABELS: Record<string, string> = {
  earned: 'Referral bonus',
  to_wallet: 'Moved to wallet',
  payout_requested: 'Payout requested',
  payout_refused: 'Payout refused (returned)',
  payout_failed: 'Payout failed (returned)',
};

const COLUMNS: Column[] = ['Date', 'Change', { label: 'Note', wide: true }, { label: 'Amount', align: 'right' }, { label: 'Balance after', align: 'right' }];

export function ReferralLedger() {
  const [page, setPage] = useState(1);
  const ledger = useQuery({ ...referralLedgerQueryOptions(page, LEDGER_PER_PAGE), placeholderData: keepPreviousData });
  const data = ledger.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / LEDGER_PER_PAGE)) : 1;
  return (
    <Card title="Referral balance history" className="mt-6">
      <DataTable label="Referral balance history" columns={COLUMNS} minWidth="sm:min-w-[560px]">
        {ledger.isPending && <SkeletonRows columns={COLUMNS} />}
        {ledger.isError && !data && (
          <FullRow columns={COLUMNS.length}>
            <EmptyState title="Could not load your referral balance history." body="Please try again in a moment." />
          </FullRow>
        )}
        {data?.items.length === 0 && (
          <FullRow columns={COLUMNS.length}>
            <EmptyState title="No changes yet" body="Bonuses, moves to the wallet and payouts will be listed here." />
          </FullRow>
        )}
        {data?.items.map((entry) => (
          <tr key={entry.id}>
            <td className="py-3 pr-4 whitespace-nowrap text-slate-600 dark:text-slate-300">{formatDate(fromUnixSeconds(entry.createdAt))}</td>
            <td className="py-3 pr-4">{KIND_LABELS[entry.kind] ?? entry.kind}</td>
            <td className="hidden py-3 pr-4 text-slate-600 sm:table-cell dark:text-slate-300">{entry.note ?? ''}</td>
            <td
              className={`py-3 pr-4 text-right font-semibold whitespace-nowrap tabular-nums ${entry.amount < 0 ? 'text-slate-900 dark:text-slate-100' : 'text-emerald-700 dark:text-emerald-400'}`}
            >
              {entry.amount < 0 ? `−${formatMoney(-entry.amount)}` : `+${formatMoney(entry.amount)}`}
            </td>
            <td className="py-3 text-right whitespace-nowrap tabular-nums">{formatMoney(entry.balanceAfter)}</td>
          </tr>
        ))}
      </DataTable>
      {pages > 1 && (
        <div className="mt-4 flex items-center justify-end gap-3 text-sm">
          <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <span data-testid="ledger-page">
            Page {page} of {pages}
          </span>
          <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </div>
      )}
    </Card>
  );
}
