// GET /api/user/proxy_history?type=KIND: generated proxies of one kind, newest first (createdAt and
// expiresAt in unix seconds; expiresAt only for per-piece proxies). Shared by the residential
// usage tab and the per-piece pages, which both write to this cache.
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from './api-client';
import type { Schemas } from './api-types';
import type { ProxyKind } from './kinds';
import { queryKeys } from './query-keys';

export type HistoryItem = Schemas['HistoryItem'];

export function proxyHistoryQueryOptions(kind: ProxyKind) {
  return queryOptions({
    queryKey: queryKeys.proxyHistory(kind),
    queryFn: async ({ signal }): Promise<HistoryItem[]> =>
      (await unwrap(api.GET('/api/user/proxy_history', { params: { query: { type: kind } }, signal }))).history,
  });
}
