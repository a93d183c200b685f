// GET /api/user/proxy_history?type=KIND: generated proxies of one kind, newest first (createdAt and
// expiresAt in unix seconds; expiresAt only for per-piece proxies). Shared by the residential
// usage tab and the per-piece pages, which both write to this cache.
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from './api-client';
import type { Schemas } from './api-types';
import type { ProxyKind } from './kinds';

export type HistoryItem = Schemas['HistoryItem'];

export const proxyHistoryKey = (kind: ProxyKind) => ['proxy-history', kind] as const;

export function proxyHistoryQueryOptions(kind: ProxyKind) {
  return queryOptions({
    queryKey: proxyHistoryKey(kind),
    queryFn: async ({ signal }): Promise<HistoryItem[]> =>
      (await apiGet('/api/user/proxy_history', { query: { type: kind }, signal })).history,
  });
}
