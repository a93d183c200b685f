// The generated proxies: from 640 px a table (Proxy, Date, Type, Expires: "—" for traffic
// proxies, an "Expired" badge once past; and a copy action), under 640 px a card per proxy with the
// whole line (no truncation: at 375 px every line would read the same host and port), its type,
// date and expiry, and a Copy button. Both are in the markup; CSS shows one. Each copy action is
// named by its line's host, port and username, so a screen reader tells them apart. A row of a
// rotating generation stands for its quantity of identical lines: a "×1,000" badge, and its copy
// action copies every line.
import { useState, type ReactNode } from 'react';
import { CopyProxyButton } from '@/components/copy-proxy-button';
import { ExpiryLabel } from '@/components/expiry-label';
import { LineCountBadge } from '@/components/line-count-badge';
import { Button } from '@/components/ui/button';
import { DataTable, FullRow, SkeletonRows, WIDE_ONLY, type Column } from '@/components/ui/data-table';
import { CopyIcon } from '@/components/ui/icons';
import { EmptyState } from '@/components/ui/page-parts';
import { copyText } from '@/lib/clipboard';
import { cn } from '@/lib/cn';
import { isExpired } from '@/lib/expiry';
import { lineCount, linesLabel, rowText } from '@/lib/history-lines';
import { formatDate, fromUnixSeconds } from '@/lib/format';
import { kindLabel } from '@/lib/kinds';
import type { GeneratedProxy } from '../api/get-generated-proxies';
import { copyName } from '../piece-identity';
import { PROXY_COPIED } from './piece-history';

/** The copy action's name: the line, and how many lines it copies when more than one. */
const copyLabel = (item: GeneratedProxy) => `Copy ${copyName(item.proxy)}${lineCount(item) > 1 ? ` (${linesLabel(item)})` : ''}`;

const COLUMNS: Column[] = ['Proxy', { label: 'Date', wide: true }, { label: 'Type', wide: true }, 'Expires', { label: 'Action', align: 'right' }];

type GeneratedProxiesTableProps = {
  items: GeneratedProxy[] | undefined;
  loading: boolean;
  failed: boolean;
  filtered: boolean;
  onRetry: () => void;
};

/** Loading failed, or nothing to show: the same words in the table and in the cards. */
function ListState({ failed, filtered, onRetry }: Pick<GeneratedProxiesTableProps, 'failed' | 'filtered' | 'onRetry'>) {
  if (failed) {
    return (
      <div className="flex flex-col items-center gap-3">
        <EmptyState title="Could not load your proxies." body="Please try again in a moment." />
        <Button variant="outline" size="sm" onClick={onRetry}>
          Retry
        </Button>
      </div>
    );
  }
  return filtered ? (
    <EmptyState title="Not Found" body="No proxy matches this type and search." />
  ) : (
    <EmptyState title="No Proxy Generated" body="No proxy generated yet. Please generate a proxy first." />
  );
}

function Expires({ item, now }: { item: GeneratedProxy; now: number }) {
  if (item.expiresAt == null) {
    return (
      <>
        <span aria-hidden="true">—</span>
        <span className="sr-only">Does not expire</span>
      </>
    );
  }
  return <ExpiryLabel expiresAt={item.expiresAt} now={now} />;
}

function ProxyCard({ item, now }: { item: GeneratedProxy; now: number }) {
  return (
    <li className="rounded-xl border border-slate-200 p-3 dark:border-slate-800" data-testid="proxy-card">
      <p className="font-mono text-sm break-all text-slate-900 dark:text-slate-100">
        {item.proxy} <LineCountBadge row={item} />
      </p>
      <div className="mt-2 flex items-center justify-between gap-3">
        <p className="min-w-0 text-xs text-slate-600 dark:text-slate-300">
          {kindLabel(item.type)} · {formatDate(fromUnixSeconds(item.createdAt))}
          <span className="block" data-testid="card-expires">
            {item.expiresAt == null ? (
              'Does not expire'
            ) : isExpired(item.expiresAt, now) ? (
              <ExpiryLabel expiresAt={item.expiresAt} now={now} />
            ) : (
              <>
                Expires <ExpiryLabel expiresAt={item.expiresAt} now={now} />
              </>
            )}
          </span>
        </p>
        <Button variant="outline" size="sm" className="h-9 shrink-0" aria-label={copyLabel(item)} onClick={() => void copyText(rowText(item), PROXY_COPIED)}>
          <CopyIcon className="h-4 w-4" />
          Copy
        </Button>
      </div>
    </li>
  );
}

function Rows({ items, now }: { items: GeneratedProxy[]; now: number }): ReactNode {
  return items.map((item) => {
    const date = formatDate(fromUnixSeconds(item.createdAt));
    return (
      <tr key={`${item.id}-${item.proxy}`}>
        {/* max-w-0 + w-full: the proxy takes the room the other cells leave, and truncates */}
        <td className="w-full max-w-0 py-3 pr-4">
          <span className="flex min-w-0 items-center gap-2">
            <span className="truncate font-mono" title={item.proxy}>
              {item.proxy}
            </span>
            <LineCountBadge row={item} />
          </span>
        </td>
        <td className={cn('py-3 pr-4 whitespace-nowrap', WIDE_ONLY)}>{date}</td>
        <td className={cn('py-3 pr-4 whitespace-nowrap', WIDE_ONLY)}>{kindLabel(item.type)}</td>
        <td className="py-3 pr-4 whitespace-nowrap" data-testid="expires">
          <Expires item={item} now={now} />
        </td>
        <td className="py-3 text-right">
          <CopyProxyButton proxy={rowText(item)} message={PROXY_COPIED} label={copyLabel(item)} />
        </td>
      </tr>
    );
  });
}

export function GeneratedProxiesTable({ items, loading, failed, filtered, onRetry }: GeneratedProxiesTableProps) {
  // the moment the list was drawn decides which proxies count as expired
  const [now] = useState(() => Date.now());
  const empty = !loading && (failed || items?.length === 0);
  return (
    <>
      <DataTable label="Generated proxies" columns={COLUMNS} minWidth="sm:min-w-[640px]" className="max-sm:hidden">
        {loading && <SkeletonRows rows={5} columns={COLUMNS} />}
        {empty && (
          <FullRow columns={COLUMNS.length}>
            <ListState failed={failed} filtered={filtered} onRetry={onRetry} />
          </FullRow>
        )}
        {!loading && !failed && items && <Rows items={items} now={now} />}
      </DataTable>
      <div className="sm:hidden" data-testid="proxy-cards">
        {loading && <div className="h-24 animate-pulse rounded-xl bg-slate-100 dark:bg-slate-800" aria-hidden="true" />}
        {empty && <ListState failed={failed} filtered={filtered} onRetry={onRetry} />}
        {!loading && !failed && items && items.length > 0 && (
          <ul className="space-y-3" aria-label="Generated proxies">
            {items.map((item) => (
              <ProxyCard key={`${item.id}-${item.proxy}`} item={item} now={now} />
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
