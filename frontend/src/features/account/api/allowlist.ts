// GET /api/user/allowlist, POST (a new entry) and DELETE /api/user/allowlist/{id}: the source
// addresses the gateway lets in without credentials.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { PostBody, Schemas } from '@/lib/api-types';
import { queryKeys } from '@/lib/query-keys';
import { maxPerAccount } from '@/types/api-limits';

export type AllowlistEntry = Schemas['AllowlistEntry'];

/** The server keeps at most this many entries per account (from the API document). */
export const MAX_ALLOWLIST = maxPerAccount['/api/user/allowlist'];

export const allowlistQueryOptions = queryOptions({
  queryKey: queryKeys.allowlist,
  queryFn: ({ signal }) => unwrap(api.GET('/api/user/allowlist', { signal })),
});

export function useAllowlist() {
  return useQuery(allowlistQueryOptions);
}

export const addAllowlistEntry = (body: PostBody<'/api/user/allowlist'>) => unwrap(api.POST('/api/user/allowlist', { body }));
export const removeAllowlistEntry = (id: number) => unwrap(api.DELETE('/api/user/allowlist/{id}', { params: { path: { id } } }));

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.allowlist });
}

export function useAddAllowlistEntry() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: addAllowlistEntry, onSuccess: refresh });
}

export function useRemoveAllowlistEntry() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: removeAllowlistEntry, onSettled: refresh });
}
