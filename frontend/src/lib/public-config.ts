// GET /api/config: public settings (whether Google sign-in is configured).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from './api-client';
import { queryKeys } from './query-keys';

export const publicConfigQueryOptions = queryOptions({
  queryKey: queryKeys.publicConfig,
  queryFn: ({ signal }) => unwrap(api.GET('/api/config', { signal })),
  staleTime: Infinity,
  retry: false,
});

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions);
}
