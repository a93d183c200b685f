// GET /api/user/proxy_history?type=KIND: generated proxies, newest first (createdAt in unix seconds).
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import type { ProxyKind } from '@/lib/kinds';

export const proxyHistoryKey = (kind: ProxyKind) => ['proxy-history', kind] as const;

export function proxyHistoryQueryOptions(kind: ProxyKind) {
  return queryOptions({
    queryKey: proxyHistoryKey(kind),
    queryFn: async ({ signal }) => (await apiGet('/api/user/proxy_history', { query: { type: kind }, signal })).history,
  });
}
