// GET /api/user/requests?type=&from=&to=&host=&outcome=&cursor=&perPage=: a page of the usage
// record, newest first. The first page has no cursor; each later one starts after the
// `nextCursor` of the page before it, so a deep page costs the server what the first one costs.
// The first page is re-read every few seconds while the page is visible (the gateway writes
// records as connections end); later pages stay put so rows do not shift under the reader.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { ProxyKind } from '@/lib/kinds';
import { LIVE_REFRESH_MS } from '@/lib/live-refresh';
import { queryKeys } from '@/lib/query-keys';
import { recordQuery, type UsageFilter } from '../usage-records';

export const REQUESTS_PER_PAGE = 50;

export function requestsQueryOptions(kind: ProxyKind, filter: UsageFilter, cursor: string | null, perPage = REQUESTS_PER_PAGE) {
  const query = recordQuery(kind, filter);
  return queryOptions({
    queryKey: queryKeys.usageRequests(query, cursor, perPage),
    queryFn: ({ signal }) =>
      unwrap(api.GET('/api/user/requests', { params: { query: { ...query, ...(cursor ? { cursor } : {}), perPage } }, signal })),
    placeholderData: keepPreviousData,
    refetchInterval: cursor === null ? LIVE_REFRESH_MS : false,
  });
}
