// GET /api/user/api-keys (the shared query), POST (a new key, answered once) and
// DELETE /api/user/api-keys/{id} (revoke).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { apiKeysQueryOptions } from '@/lib/api-keys';
import type { PostBody, Schemas } from '@/lib/api-types';
import { queryKeys } from '@/lib/query-keys';
import { maxPerAccount } from '@/types/api-limits';

/** The answer to a new key: `key` is shown once and never again. */
export type ApiKeyCreated = Schemas['ApiKeyCreated'];

/** The server keeps at most this many live keys per account (from the API document). */
export const MAX_API_KEYS = maxPerAccount['/api/user/api-keys'];

export function useApiKeys() {
  return useQuery(apiKeysQueryOptions);
}

export const createApiKey = (body: PostBody<'/api/user/api-keys'>) => unwrap(api.POST('/api/user/api-keys', { body }));
export const revokeApiKey = (id: number) => unwrap(api.DELETE('/api/user/api-keys/{id}', { params: { path: { id } } }));

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys });
}

export function useCreateApiKey() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: createApiKey, onSuccess: refresh });
}

export function useRevokeApiKey() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: revokeApiKey, onSettled: refresh });
}
