// GET /api/user/requests?type=&from=&to=&host=&outcome=&page=&perPage=: a page of the usage
// record, newest first. Page 1 is re-read every few seconds while the page is visible (the
// gateway writes records as connections end); later pages stay put so rows do not shift under
// the reader.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { ProxyKind } from '@/lib/kinds';
import { LIVE_REFRESH_MS } from '@/lib/live-refresh';
import { queryKeys } from '@/lib/query-keys';
import { recordQuery, type UsageFilter } from '../usage-records';

export const REQUESTS_PER_PAGE = 50;

export function requestsQueryOptions(kind: ProxyKind, filter: UsageFilter, page: number, perPage = REQUESTS_PER_PAGE) {
  const query = recordQuery(kind, filter);
  return queryOptions({
    queryKey: queryKeys.usageRequests(query, page, perPage),
    queryFn: ({ signal }) => unwrap(api.GET('/api/user/requests', { params: { query: { ...query, page, perPage } }, signal })),
    placeholderData: keepPreviousData,
    refetchInterval: page === 1 ? LIVE_REFRESH_MS : false,
  });
}
