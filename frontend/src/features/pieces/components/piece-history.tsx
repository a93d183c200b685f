// The history of one per-piece kind: GET /api/user/proxy_history?type=KIND, with each proxy's
// expiry in place of the fixed plan label.
import { useQuery } from '@tanstack/react-query';
import { ProxyHistoryTable } from '@/components/proxy-history-table';
import { proxyHistoryQueryOptions } from '@/lib/proxy-history';
import type { PieceKind } from '@/lib/kinds';

export const PROXY_COPIED = 'Proxy copied to clipboard';

export function PieceHistory({ kind }: { kind: PieceKind }) {
  const history = useQuery(proxyHistoryQueryOptions(kind));
  return (
    <ProxyHistoryTable
      title="Proxy history"
      rows={history.data}
      isPending={history.isPending}
      isError={history.isError}
      expiry
      copiedMessage={PROXY_COPIED}
    />
  );
}
