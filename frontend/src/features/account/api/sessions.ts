// GET /api/user/sessions, DELETE /api/user/sessions/{id} (one) and DELETE /api/user/sessions
// (every session but this one).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { Schemas } from '@/lib/api-types';
import { queryKeys } from '@/lib/query-keys';

export type AccountSession = Schemas['SessionItem'];

export const sessionsQueryOptions = queryOptions({
  queryKey: queryKeys.sessions,
  queryFn: ({ signal }) => unwrap(api.GET('/api/user/sessions', { signal })),
});

export function useSessions() {
  return useQuery(sessionsQueryOptions);
}

export const endSession = (id: string) => unwrap(api.DELETE('/api/user/sessions/{id}', { params: { path: { id } } }));
export const endOtherSessions = () => unwrap(api.DELETE('/api/user/sessions'));

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.sessions });
}

export function useEndSession() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: endSession, onSettled: refresh });
}

export function useEndOtherSessions() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: endOtherSessions, onSettled: refresh });
}
