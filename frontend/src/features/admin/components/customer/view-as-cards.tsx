// The read-only view of what a customer sees: their proxy login (password masked), the last proxy
// lines they generated or bought (passwords masked) and their last wallet rows.
import { Card } from '@/components/ui/page-parts';
import { cn } from '@/lib/cn';
import { formatMoney, formatSignedMoney } from '@/lib/format';
import { when } from '../../format';
import { kindName } from '../../kinds';
import type { CustomerOverview } from '../../types';
import { AdminTable, CELL, MUTED } from '../admin-table';

export function ProxyLoginCard({ view }: { view: CustomerOverview }) {
  return (
    <Card title="Proxy login">
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
        <dt className={MUTED}>Username</dt>
        <dd className="font-mono break-all">{view.proxyUsername}</dd>
        <dt className={MUTED}>Password</dt>
        <dd className="font-mono" aria-label="Password hidden">
          {view.proxyPassword}
        </dd>
      </dl>
    </Card>
  );
}

export function LinesCard({ lines }: { lines: CustomerOverview['lines'] }) {
  return (
    <Card title="Last proxy lines">
      <AdminTable label="Last proxy lines" columns={['Kind', 'Proxy (password hidden)', 'Created', 'Expires']} loading={false} failed={false} empty={lines.length === 0} emptyText="No proxies generated or bought." minWidth="min-w-[640px]">
        {lines.map((line, index) => (
          <tr key={`${line.createdAt}-${index}`}>
            <td className={CELL}>{kindName(line.type)}</td>
            <td className={CELL}>
              <code className="text-xs break-all">{line.proxy}</code>
            </td>
            <td className={`${CELL} whitespace-nowrap ${MUTED}`}>{when(line.createdAt)}</td>
            <td className={`${CELL} whitespace-nowrap ${MUTED}`}>{when(line.expiresAt, 'never')}</td>
          </tr>
        ))}
      </AdminTable>
    </Card>
  );
}

export function RecentLedgerCard({ ledger }: { ledger: CustomerOverview['ledger'] }) {
  return (
    <Card title="Recent wallet history">
      <AdminTable label="Recent wallet history" columns={['Date', 'Kind', { label: 'Amount', align: 'right' }, { label: 'Balance after', align: 'right' }, 'Note']} loading={false} failed={false} empty={ledger.length === 0} emptyText="No wallet activity.">
        {ledger.map((entry) => (
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
