// GET /api/user/usage/breakdown?by=host|credential|day|hour&type=&from=&to=&host=&outcome=: the
// record summed per target host (the 50 with the most bytes), per credential, or per UTC day or
// hour (only the buckets with records, oldest first). Re-read every few seconds while visible.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { ProxyKind } from '@/lib/kinds';
import { LIVE_REFRESH_MS } from '@/lib/live-refresh';
import { queryKeys } from '@/lib/query-keys';
import { recordQuery, type BreakdownBy, type UsageFilter } from '../usage-records';

/** `from` replaces the filter's own start (the hourly chart asks only for the hours it draws). */
export function breakdownQueryOptions(kind: ProxyKind, by: BreakdownBy, filter: UsageFilter, from?: string) {
  const query = { ...recordQuery(kind, filter), ...(from ? { from } : {}) };
  return queryOptions({
    queryKey: queryKeys.usageBreakdown(by, query),
    queryFn: async ({ signal }) => (await unwrap(api.GET('/api/user/usage/breakdown', { params: { query: { ...query, by } }, signal }))).rows,
    placeholderData: keepPreviousData,
    refetchInterval: LIVE_REFRESH_MS,
  });
}
