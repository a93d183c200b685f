// Proxy history table (Ip, Date, Plan, Type, Action), 360 px high and scrolling (SPEC.md §3, §9):
// the proxy truncated, the date as day short-month year, the fixed plan label 24h and a copy
// action; 5 skeleton rows while loading; an empty state when nothing was generated.
import { CopyIcon } from '@/components/ui/icons';
import { EmptyState } from '@/components/ui/page-parts';
import { copyText } from '@/lib/clipboard';
import { formatDate, fromUnixSeconds } from '@/lib/format';
import { KIND_TAB_LABELS, PROXY_KINDS, type ProxyKind } from '@/lib/kinds';

export type HistoryRow = { proxy: string; createdAt: number; type: string };

export const HISTORY_COPIED = 'Proxy Copied Successfully';
const COLUMNS = ['Ip', 'Date', 'Plan', 'Type', 'Action'];

const typeLabel = (type: string) => (PROXY_KINDS.includes(type as ProxyKind) ? KIND_TAB_LABELS[type as ProxyKind] : type);

type HistoryTableProps = {
  title?: string;
  rows?: HistoryRow[];
  isPending?: boolean;
  isError?: boolean;
};

export function HistoryTable({ title = 'History', rows = [], isPending = false, isError = false }: HistoryTableProps) {
  return (
    <section aria-label={title} className="rounded-2xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <h2 className="border-b border-slate-200 px-5 py-4 text-lg font-semibold dark:border-slate-800">{title}</h2>
      <div
        className="h-[360px] overflow-auto focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        tabIndex={0}
        role="region"
        aria-label={`${title} table`}
      >
        <table className="w-full min-w-[560px] text-left text-sm">
          <caption className="sr-only">{title}</caption>
          <thead className="sticky top-0 bg-slate-50 text-slate-600 dark:bg-slate-800 dark:text-slate-300">
            <tr>
              {COLUMNS.map((column) => (
                <th key={column} scope="col" className="px-5 py-3 font-medium">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {isPending &&
              Array.from({ length: 5 }, (_, row) => (
                <tr key={row} aria-hidden="true" data-testid="skeleton-row">
                  {COLUMNS.map((column) => (
                    <td key={column} className="px-5 py-3">
                      <span className="block h-4 w-full max-w-[8rem] animate-pulse rounded bg-slate-200 dark:bg-slate-700" />
                    </td>
                  ))}
                </tr>
              ))}
            {!isPending && isError && rows.length === 0 && (
              <tr>
                <td colSpan={COLUMNS.length} className="p-5">
                  <EmptyState title="Could not load the history." body="Please try again in a moment." />
                </td>
              </tr>
            )}
            {!isPending && !isError && rows.length === 0 && (
              <tr>
                <td colSpan={COLUMNS.length} className="p-5">
                  <EmptyState title="No Proxy Generated" body="No proxy generated yet. Please generate a proxy first." />
                </td>
              </tr>
            )}
            {!isPending &&
              rows.map((row, index) => (
                <tr key={`${row.createdAt}-${index}`}>
                  <td className="max-w-[16rem] px-5 py-3">
                    <span className="block truncate font-mono" title={row.proxy}>
                      {row.proxy}
                    </span>
                  </td>
                  <td className="px-5 py-3 whitespace-nowrap">{formatDate(fromUnixSeconds(row.createdAt))}</td>
                  <td className="px-5 py-3">24h</td>
                  <td className="px-5 py-3 whitespace-nowrap">{typeLabel(row.type)}</td>
                  <td className="px-5 py-3">
                    <button
                      type="button"
                      onClick={() => void copyText(row.proxy, HISTORY_COPIED)}
                      aria-label="Copy proxy"
                      className="inline-flex h-8 w-8 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
                    >
                      <CopyIcon className="h-4 w-4" />
                    </button>
                  </td>
                </tr>
              ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
