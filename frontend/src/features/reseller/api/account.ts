// GET /api/reseller/account: the reseller's terms, its number of clients and its own traffic pools.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const resellerAccountQueryOptions = queryOptions({
  queryKey: queryKeys.resellerAccount,
  queryFn: ({ signal }) => unwrap(api.GET('/api/reseller/account', { signal })),
});

export function useResellerAccount(enabled: boolean) {
  return useQuery({ ...resellerAccountQueryOptions, enabled });
}
