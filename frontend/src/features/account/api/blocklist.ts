// GET /api/user/blocklist and PUT (the whole list): the destinations the customer's own traffic
// never reaches; the gateway refuses them as blocked by the customer.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { maxPerAccount } from '@/types/api-limits';

/** The server keeps at most this many patterns per account (from the API document). */
export const MAX_BLOCKED = maxPerAccount['/api/user/blocklist'];

export const blocklistQueryOptions = queryOptions({
  queryKey: queryKeys.blocklist,
  queryFn: ({ signal }) => unwrap(api.GET('/api/user/blocklist', { signal })),
});

export function useOwnBlocklist() {
  return useQuery(blocklistQueryOptions);
}

export const saveBlocklist = (patterns: string[]) => unwrap(api.PUT('/api/user/blocklist', { body: { patterns } }));

export function useSaveBlocklist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBlocklist,
    onSuccess: (data) => queryClient.setQueryData(queryKeys.blocklist, data),
  });
}
