// GET /api/user/api-keys (the shared query), POST (a new key, answered once) and
// DELETE /api/user/api-keys/{id} (revoke).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiKeysQueryOptions } from '@/lib/api-keys';
import { requestJson } from '@/lib/json-fetch';
import { queryKeys } from '@/lib/query-keys';
import type { ApiKeyCreateBody, ApiKeyCreated, MessageOnly } from '../types';

/** The server keeps at most this many keys per account. */
export const MAX_API_KEYS = 20;

export function useApiKeys() {
  return useQuery(apiKeysQueryOptions);
}

export const createApiKey = (body: ApiKeyCreateBody) => requestJson<ApiKeyCreated>('POST', '/api/user/api-keys', { body });
export const revokeApiKey = (id: number) => requestJson<MessageOnly>('DELETE', `/api/user/api-keys/${id}`);

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
