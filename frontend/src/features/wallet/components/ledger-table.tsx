// The wallet ledger: Date, Type, Amount (signed, green for money in, red for money out), the
// balance after each entry and, for top-ups and purchases, a link that downloads the receipt
// (GET /api/user/receipts/{id}.pdf), with skeleton rows while loading and an empty state. Under
// 640 px the date and the receipt link go under the type and the balance under the amount, so
// nothing needs side-scrolling. A purchase not at its list price says how its price was reached
// (the list price, a volume tier, the customer's own price, the coupon).
import { DataTable, FullRow, NARROW_LAST, SkeletonRows, WIDE_ONLY, type Column } from '@/components/ui/data-table';
import { DownloadIcon } from '@/components/ui/icons';
import { EmptyState } from '@/components/ui/page-parts';
import { apiUrl } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatDateTime, formatMoney, formatSignedMoney, fromUnixSeconds } from '@/lib/format';
import { useSession } from '@/lib/session';
import type { LedgerEntry } from '../api/get-wallet';
import { KIND_LABELS } from './labels';

const COLUMNS: Column[] = [
  { label: 'Date', wide: true },
  'Type',
  { label: 'Amount', align: 'right' },
  { label: 'Balance after', align: 'right', wide: true },
  { label: 'Receipt', align: 'right', wide: true },
];
const SMALL = 'block text-xs font-normal text-slate-600 dark:text-slate-400';

/** Only top-ups and purchases have receipts. */
/** Top-ups, purchases and self-serve refunds (reference `refund_…`) have a PDF receipt. */
const hasReceipt = (entry: LedgerEntry) =>
  entry.kind === 'topup' || entry.kind === 'purchase' || (entry.kind === 'refund' && entry.reference.startsWith('refund_'));

/** "List $28.00 · your price −$4.20 · coupon TENOFF −$10.00": how a purchase's price was reached. */
function pricingText(pricing: NonNullable<LedgerEntry['pricing']>): string {
  const parts = [`List ${formatMoney(pricing.listPrice)}`];
  if (pricing.tier) parts.push(`volume price ${formatMoney(pricing.tier.pricePerGb)}/GB from ${pricing.tier.minGb} GB`);
  if (pricing.customerDiscount > 0) parts.push(`your price −${formatMoney(pricing.customerDiscount)}`);
  if (pricing.coupon) parts.push(`coupon ${pricing.coupon} −${formatMoney(pricing.couponDiscount)}`);
  return parts.join(' · ');
}

function ReceiptLink({ entry, date, className }: { entry: LedgerEntry; date: string; className?: string }) {
  return (
    <a
      href={apiUrl(`/api/user/receipts/${entry.id}.pdf`)}
      download={`receipt-${entry.id}.pdf`}
      className={cn('tap-target gap-1 font-semibold text-brand-700 hover:underline dark:text-brand-300', className)}
    >
      <DownloadIcon width={16} height={16} />
      Receipt<span className="sr-only"> of the {KIND_LABELS[entry.kind].toLowerCase()} of {date} (PDF)</span>
    </a>
  );
}

export function LedgerTable({ entries, loading, failed }: { entries: LedgerEntry[] | undefined; loading: boolean; failed: boolean }) {
  // a reseller's client gets no receipts from the shop (the server refuses it them)
  const receipts = !useSession().user?.resellerClient;
  const withReceipt = (entry: LedgerEntry) => receipts && hasReceipt(entry);
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
              {entry.pricing && <span className={SMALL}>{pricingText(entry.pricing)}</span>}
              <span className={cn(SMALL, 'sm:hidden')}>{date}</span>
              {withReceipt(entry) && <ReceiptLink entry={entry} date={date} className="mt-1 text-xs sm:hidden" />}
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
            <td className={cn('py-3 pr-4 text-right whitespace-nowrap tabular-nums', WIDE_ONLY)}>{formatMoney(entry.balanceAfter)}</td>
            <td className={cn('py-3 text-right whitespace-nowrap', WIDE_ONLY)}>
              {withReceipt(entry) && <ReceiptLink entry={entry} date={date} />}
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
