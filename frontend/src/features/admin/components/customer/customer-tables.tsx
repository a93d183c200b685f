// A customer's live pieces, last payments, paged ledger and daily usage.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button-classes';
import { DownloadIcon } from '@/components/ui/icons';
import { Card } from '@/components/ui/page-parts';
import { cn } from '@/lib/cn';
import { formatMoney, formatSignedMoney } from '@/lib/format';
import { LEDGER_PER_PAGE, userLedgerCsvUrl, userLedgerQueryOptions } from '../../api/get-user-ledger';
import { bytesToGb, formatGb, when } from '../../format';
import type { LivePiece, UsageDay, UserPayment } from '../../types';
import { AdminTable, CELL, MUTED } from '../admin-table';
import { StatusBadge } from '../badge';
import { SERIES_COLORS, usageRows } from '../chart-data';
import { DayChart } from '../charts';
import { kindName } from '../../kinds';

export function PiecesCard({ pieces }: { pieces: LivePiece[] }) {
  return (
    <Card title="Live pieces">
      <AdminTable label="Live pieces" columns={['Kind', 'Proxy', 'Country', 'Expires']} loading={false} failed={false} empty={pieces.length === 0} emptyText="No live pieces." minWidth="min-w-[560px]">
        {pieces.map((piece) => (
          <tr key={piece.id}>
            <td className={CELL}>{kindName(piece.type)}</td>
            <td className={CELL}>
              <code className="text-xs">
                {piece.host}:{piece.port}:{piece.username}
              </code>
            </td>
            <td className={CELL}>{piece.country}</td>
            <td className={`${CELL} whitespace-nowrap ${MUTED}`}>{when(piece.expiresAt)}</td>
          </tr>
        ))}
      </AdminTable>
    </Card>
  );
}

export function PaymentsCard({ payments }: { payments: UserPayment[] }) {
  return (
    <Card title="Last payments">
      <AdminTable label="Last payments" columns={['Payment', { label: 'Amount', align: 'right' }, 'Status', 'Created']} loading={false} failed={false} empty={payments.length === 0} emptyText="No payments." minWidth="min-w-[560px]">
        {payments.map((payment) => (
          <tr key={payment.id}>
            <td className={CELL}>
              <Link to={`/admin/payments/${encodeURIComponent(payment.id)}`} className="tap-target font-mono text-xs text-brand-700 hover:underline dark:text-brand-300">
                {payment.id}
              </Link>
              <span className={`block text-xs ${MUTED}`}>{payment.provider}</span>
            </td>
            <td className={`${CELL} text-right tabular-nums`}>
              {formatMoney(payment.amount)} <span className={MUTED}>{payment.currency}</span>
            </td>
            <td className={CELL}>
              <StatusBadge status={payment.status} />
            </td>
            <td className={`${CELL} whitespace-nowrap ${MUTED}`}>{when(payment.createdAt)}</td>
          </tr>
        ))}
      </AdminTable>
    </Card>
  );
}

export function LedgerCard({ userId }: { userId: number }) {
  const [page, setPage] = useState(1);
  const ledger = useQuery(userLedgerQueryOptions(userId, page));
  const data = ledger.data;
  return (
    <Card
      title="Wallet history"
      actions={
        <a href={userLedgerCsvUrl(userId)} download={`ledger-${userId}.csv`} className={buttonClasses('outline', 'sm')}>
          <DownloadIcon className="h-4 w-4" /> Export CSV
        </a>
      }
    >
      <AdminTable
        label="Wallet history"
        columns={['Date', 'Kind', { label: 'Amount', align: 'right' }, { label: 'Balance after', align: 'right' }, 'Note']}
        loading={ledger.isPending}
        failed={ledger.isError && !data}
        empty={data?.items.length === 0}
        emptyText="No wallet activity."
        paging={data && { page, perPage: LEDGER_PER_PAGE, total: data.total, onChange: setPage }}
      >
        {data?.items.map((entry) => (
          <tr key={entry.id}>
            <td className={`${CELL} whitespace-nowrap ${MUTED}`}>{when(entry.createdAt)}</td>
            <td className={CELL}>{entry.kind.replace(/_/g, ' ')}</td>
            <td className={cn(CELL, 'text-right font-semibold tabular-nums', entry.amount > 0 ? 'text-emerald-700 dark:text-emerald-400' : 'text-red-700 dark:text-red-400')}>
              {formatSignedMoney(entry.amount)}
            </td>
            <td className={`${CELL} text-right tabular-nums`}>{formatMoney(entry.balanceAfter)}</td>
            <td className={`${CELL} max-w-64 break-words ${MUTED}`}>{entry.note ?? entry.reference}</td>
          </tr>
        ))}
      </AdminTable>
    </Card>
  );
}

export function UsageCard({ usage }: { usage: UsageDay[] }) {
  const { rows, kinds } = usageRows(usage);
  const total = usage.reduce((sum, entry) => sum + bytesToGb(entry.bytes), 0);
  return (
    <Card title="Usage, last 30 days">
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">No traffic used in the last 30 days.</p>
      ) : (
        <DayChart
          title="Traffic used per day (GB)"
          kind="stacked"
          data={rows}
          series={kinds.map((kind, index) => ({ key: kind, label: kindName(kind), color: SERIES_COLORS[index % SERIES_COLORS.length]! }))}
          format={(value) => formatGb(value)}
          tick={(value) => (Number.isInteger(value) ? String(value) : value.toFixed(1))}
          summary={`${formatGb(total)} used in the last 30 days`}
        />
      )}
    </Card>
  );
}
