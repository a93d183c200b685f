// When a per-piece proxy stops working: its date, or an "Expired" badge once that moment has passed.
import { EXPIRED, isExpired } from '@/lib/expiry';
import { formatDate, fromUnixSeconds } from '@/lib/format';

export function ExpiryLabel({ expiresAt, now }: { expiresAt: number; now: number }) {
  const date = formatDate(fromUnixSeconds(expiresAt));
  if (!isExpired(expiresAt, now)) return <span className="whitespace-nowrap">{date}</span>;
  return (
    <span
      title={date}
      className="inline-flex items-center rounded-full bg-red-50 px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-red-800 ring-1 ring-red-600/20 ring-inset dark:bg-red-950/60 dark:text-red-200 dark:ring-red-400/30"
    >
      {EXPIRED}
    </span>
  );
}
