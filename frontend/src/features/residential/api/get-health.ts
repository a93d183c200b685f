// GET /api/user/usage/health?by=host|country|credential|hour&type=&from=&to=&host=: how well the
// record's connections went per target host, targeted country, credential or UTC hour (at most
// 100 groups, the most connections first) and in total over every matching connection. Re-read
// every few seconds while visible.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { ProxyKind } from '@/lib/kinds';
import { LIVE_REFRESH_MS } from '@/lib/live-refresh';
import { queryKeys } from '@/lib/query-keys';
import type { HealthBy } from '../traffic-health';
import { recordQuery, type UsageFilter } from '../usage-records';

/** `from` replaces the filter's own start (the hourly chart asks only for the hours it draws). */
export function healthQueryOptions(kind: ProxyKind, by: HealthBy, filter: UsageFilter, from?: string) {
  const query = { ...recordQuery(kind, filter), ...(from ? { from } : {}) };
  return queryOptions({
    queryKey: queryKeys.usageHealth(by, query),
    queryFn: async ({ signal }) => unwrap(api.GET('/api/user/usage/health', { params: { query: { ...query, by } }, signal })),
    placeholderData: keepPreviousData,
    refetchInterval: LIVE_REFRESH_MS,
  });
}
