// GET /api/config: public settings (whether Google sign-in is configured).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

export const publicConfigQueryOptions = queryOptions({
  queryKey: ['public-config'],
  queryFn: ({ signal }) => apiGet('/api/config', { signal }),
  staleTime: Infinity,
  retry: false,
});

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions);
}
