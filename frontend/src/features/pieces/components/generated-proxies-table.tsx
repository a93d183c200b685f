// The generated proxies as a table: Proxy, Date, Type, Expires ("—" for traffic proxies, an
// "Expired" badge once past) and a copy action. Under 640 px Date and Type fold under the proxy
// so that the table fits a 375 px screen.
import { useState } from 'react';
import { CopyProxyButton } from '@/components/copy-proxy-button';
import { ExpiryLabel } from '@/components/expiry-label';
import { Button } from '@/components/ui/button';
import { DataTable, FullRow, SkeletonRows, WIDE_ONLY, type Column } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/page-parts';
import { cn } from '@/lib/cn';
import { formatDate, fromUnixSeconds } from '@/lib/format';
import { kindLabel } from '@/lib/kinds';
import type { GeneratedProxy } from '../api/get-generated-proxies';
import { PROXY_COPIED } from './piece-history';

const COLUMNS: Column[] = ['Proxy', { label: 'Date', wide: true }, { label: 'Type', wide: true }, 'Expires', { label: 'Action', align: 'right' }];

type GeneratedProxiesTableProps = {
  items: GeneratedProxy[] | undefined;
  loading: boolean;
  failed: boolean;
  filtered: boolean;
  onRetry: () => void;
};

export function GeneratedProxiesTable({ items, loading, failed, filtered, onRetry }: GeneratedProxiesTableProps) {
  // the moment the list was drawn decides which proxies count as expired
  const [now] = useState(() => Date.now());
  return (
    <DataTable label="Generated proxies" columns={COLUMNS} minWidth="sm:min-w-[640px]">
      {loading && <SkeletonRows rows={5} columns={COLUMNS} />}
      {!loading && failed && (
        <FullRow columns={COLUMNS.length}>
          <div className="flex flex-col items-center gap-3">
            <EmptyState title="Could not load your proxies." body="Please try again in a moment." />
            <Button variant="outline" size="sm" onClick={onRetry}>
              Retry
            </Button>
          </div>
        </FullRow>
      )}
      {!loading && !failed && items?.length === 0 && (
        <FullRow columns={COLUMNS.length}>
          {filtered ? (
            <EmptyState title="Not Found" body="No proxy matches this type and search." />
          ) : (
            <EmptyState title="No Proxy Generated" body="No proxy generated yet. Please generate a proxy first." />
          )}
        </FullRow>
      )}
      {!loading &&
        items?.map((item) => {
          const date = formatDate(fromUnixSeconds(item.createdAt));
          return (
            <tr key={`${item.id}-${item.proxy}`}>
              {/* max-w-0 + w-full: the proxy takes the room the other cells leave, and truncates */}
              <td className="w-full max-w-0 py-3 pr-4">
                <span className="block truncate font-mono" title={item.proxy}>
                  {item.proxy}
                </span>
                <span className="mt-0.5 block truncate text-xs text-slate-600 sm:hidden dark:text-slate-300">{`${date} · ${kindLabel(item.type)}`}</span>
              </td>
              <td className={cn('py-3 pr-4 whitespace-nowrap', WIDE_ONLY)}>{date}</td>
              <td className={cn('py-3 pr-4 whitespace-nowrap', WIDE_ONLY)}>{kindLabel(item.type)}</td>
              <td className="py-3 pr-4 whitespace-nowrap" data-testid="expires">
                {item.expiresAt == null ? (
                  <>
                    <span aria-hidden="true">—</span>
                    <span className="sr-only">Does not expire</span>
                  </>
                ) : (
                  <ExpiryLabel expiresAt={item.expiresAt} now={now} />
                )}
              </td>
              <td className="py-3 text-right">
                <CopyProxyButton proxy={item.proxy} message={PROXY_COPIED} />
              </td>
            </tr>
          );
        })}
    </DataTable>
  );
}
