// Proxy history table (Ip, Date, Plan, Type, Action), 360 px high and scrolling:
// the proxy truncated, the date as day short-month year, the fixed plan label 24h (or, on the
// per-piece pages, the expiry in an "Expires" column) and a copy action; 5 skeleton rows while
// loading. Under 640 px Date, Plan and Type fold into a line under the proxy so that the table fits
// a 375 px screen without scrolling sideways; the expiry gets a line of its own there, never cut off.
// A row of a rotating generation stands for its quantity of identical lines: a "×1,000" badge
// after the proxy, and its copy action copies every line.
import { useState } from 'react';
import { CopyProxyButton } from '@/components/copy-proxy-button';
import { ExpiryLabel } from '@/components/expiry-label';
import { isExpired } from '@/lib/expiry';
import { EmptyState } from '@/components/ui/page-parts';
import { LineCountBadge } from '@/components/line-count-badge';
import { lineCount, linesLabel, rowText } from '@/lib/history-lines';
import { cn } from '@/lib/cn';
import { formatDate, fromUnixSeconds } from '@/lib/format';
import { kindLabel } from '@/lib/kinds';

/** `quantity`: how many identical lines the row stands for (1 when absent). */
export type HistoryRow = { proxy: string; createdAt: number; type: string; expiresAt?: number | null; quantity?: number };

export const HISTORY_COPIED = 'Proxy Copied Successfully';
export const PLAN_LABEL = '24h';

/** Columns that only show from 640 px up. */
const WIDE = 'hidden sm:table-cell';

type ProxyHistoryTableProps = {
  title?: string;
  rows?: HistoryRow[];
  isPending?: boolean;
  isError?: boolean;
  /** Per-piece pages: an "Expires" column instead of the fixed plan label. */
  expiry?: boolean;
  copiedMessage?: string;
};

export function ProxyHistoryTable({
  title = 'History',
  rows = [],
  isPending = false,
  isError = false,
  expiry = false,
  copiedMessage = HISTORY_COPIED,
}: ProxyHistoryTableProps) {
  // the moment the list was drawn decides which proxies count as expired
  const [now] = useState(() => Date.now());
  const columns = ['Ip', 'Date', expiry ? 'Expires' : 'Plan', 'Type', 'Action'];
  const wide = (column: string) => column !== 'Ip' && column !== 'Action';
  return (
    <section aria-label={title} className="rounded-2xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <h2 className="border-b border-slate-200 px-4 py-4 text-lg font-semibold sm:px-5 dark:border-slate-800">{title}</h2>
      <div
        className="h-[360px] overflow-auto focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        tabIndex={0}
        role="region"
        aria-label={`${title} table`}
      >
        <table className="w-full text-left text-sm sm:min-w-[560px]">
          <caption className="sr-only">{title}</caption>
          <thead className="sticky top-0 bg-slate-50 text-slate-600 dark:bg-slate-800 dark:text-slate-300">
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col" className={cn('px-4 py-3 font-medium sm:px-5', wide(column) && WIDE)}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {isPending &&
              Array.from({ length: 5 }, (_, row) => (
                <tr key={row} aria-hidden="true" data-testid="skeleton-row">
                  {columns.map((column) => (
                    <td key={column} className={cn('px-4 py-3 sm:px-5', wide(column) && WIDE)}>
                      <span className="block h-4 w-full max-w-[8rem] animate-pulse rounded bg-slate-200 dark:bg-slate-700" />
                    </td>
                  ))}
                </tr>
              ))}
            {!isPending && rows.length === 0 && (
              <tr>
                <td colSpan={columns.length} className="p-4 sm:p-5">
                  {isError ? (
                    <EmptyState title="Could not load the history." body="Please try again in a moment." />
                  ) : (
                    <EmptyState title="No Proxy Generated" body="No proxy generated yet. Please generate a proxy first." />
                  )}
                </td>
              </tr>
            )}
            {!isPending &&
              rows.map((row, index) => {
                const date = formatDate(fromUnixSeconds(row.createdAt));
                return (
                  <tr key={`${row.createdAt}-${index}`}>
                    {/* max-w-0 + w-full: the proxy takes the room the other cells leave, and truncates */}
                    <td className="w-full max-w-0 py-3 pl-4 sm:px-5">
                      <span className="flex min-w-0 items-center gap-2">
                        <span className="truncate font-mono" title={row.proxy}>
                          {row.proxy}
                        </span>
                        <LineCountBadge row={row} />
                      </span>
                      <span className="mt-0.5 block truncate text-xs text-slate-600 sm:hidden dark:text-slate-300">
                        {expiry && row.expiresAt != null ? `${date} · ${kindLabel(row.type)}` : `${date} · ${kindLabel(row.type)} · ${PLAN_LABEL}`}
                      </span>
                      {expiry && row.expiresAt != null && (
                        <span className="mt-1 flex items-center gap-1 text-xs whitespace-nowrap text-slate-600 sm:hidden dark:text-slate-300" data-testid="narrow-expiry">
                          {isExpired(row.expiresAt, now) ? null : 'Expires'}
                          <ExpiryLabel expiresAt={row.expiresAt} now={now} />
                        </span>
                      )}
                    </td>
                    <td className={cn('px-5 py-3 whitespace-nowrap', WIDE)}>{date}</td>
                    <td className={cn('px-5 py-3 whitespace-nowrap', WIDE)}>
                      {expiry && row.expiresAt != null ? <ExpiryLabel expiresAt={row.expiresAt} now={now} /> : PLAN_LABEL}
                    </td>
                    <td className={cn('px-5 py-3 whitespace-nowrap', WIDE)}>{kindLabel(row.type)}</td>
                    <td className="px-2 py-3 sm:px-5">
                      <CopyProxyButton
                        proxy={rowText(row)}
                        message={copiedMessage}
                        label={lineCount(row) > 1 ? `Copy ${linesLabel(row)}` : undefined}
                      />
                    </td>
                  </tr>
                );
              })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
