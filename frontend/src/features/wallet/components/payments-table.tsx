// The most recent payments: Date, Amount, Coin, Status, and a "Continue payment" link for the ones
// still waiting to be paid. Under 640 px the date goes under the amount and the link under the status.
import { DataTable, FullRow, NARROW_LAST, SkeletonRows, WIDE_ONLY, type Column } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/page-parts';
import { cn } from '@/lib/cn';
import { formatDateTime, formatMoney, fromUnixSeconds } from '@/lib/format';
import type { Payment } from '../api/get-wallet';
import { PaymentStatusBadge } from './payment-status-badge';

const COLUMNS: Column[] = [{ label: 'Date', wide: true }, { label: 'Amount', align: 'right' }, 'Coin', 'Status', { label: 'Action', align: 'right', wide: true }];
const SMALL = 'block text-xs font-normal text-slate-600 dark:text-slate-400';

function ContinueLink({ payment, className }: { payment: Payment; className?: string }) {
  if (payment.status !== 'pending' || !payment.url) return null;
  return (
    <a
      href={payment.url}
      target="_blank"
      rel="noopener noreferrer"
      className={cn('tap-target font-semibold text-brand-700 hover:underline dark:text-brand-300', className)}
    >
      Continue payment<span className="sr-only"> of {formatMoney(payment.amount)} (opens in a new tab)</span>
    </a>
  );
}

export function PaymentsTable({ payments, loading, failed }: { payments: Payment[] | undefined; loading: boolean; failed: boolean }) {
  return (
    <DataTable label="Payments" columns={COLUMNS} minWidth="sm:min-w-[600px]">
      {loading && <SkeletonRows rows={3} columns={COLUMNS} />}
      {!loading && failed && (
        <FullRow columns={COLUMNS.length}>
          <EmptyState title="Could not load your payments." body="Please try again in a moment." />
        </FullRow>
      )}
      {!loading && !failed && payments?.length === 0 && (
        <FullRow columns={COLUMNS.length}>
          <EmptyState title="No payments yet." body="Use Add Funds to top up your wallet with crypto." />
        </FullRow>
      )}
      {payments?.map((payment) => {
        const date = formatDateTime(fromUnixSeconds(payment.createdAt));
        return (
          <tr key={payment.id}>
            <td className={cn('py-3 pr-4 whitespace-nowrap text-slate-600 dark:text-slate-300', WIDE_ONLY)}>{date}</td>
            <td className="py-3 pr-4 text-right whitespace-nowrap tabular-nums">
              <span className="font-semibold">{formatMoney(payment.amount)}</span>
              <span className={cn(SMALL, 'sm:hidden')}>{date}</span>
            </td>
            <td className="py-3 pr-4 font-mono text-xs">{payment.currency}</td>
            <td className={cn('py-3 pr-4', NARROW_LAST)}>
              <PaymentStatusBadge status={payment.status} />
              <ContinueLink payment={payment} className="mt-1 block text-xs sm:hidden" />
            </td>
            <td className={cn('py-3 text-right', WIDE_ONLY)}>
              {payment.status === 'pending' && payment.url ? (
                <ContinueLink payment={payment} className="whitespace-nowrap" />
              ) : (
                <span className="text-slate-500 dark:text-slate-400" aria-hidden="true">
                  —
                </span>
              )}
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
