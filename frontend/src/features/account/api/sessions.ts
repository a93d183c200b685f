// GET /api/user/sessions, DELETE /api/user/sessions/{id} (one) and DELETE /api/user/sessions
// (every session but this one).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '@/lib/json-fetch';
import { queryKeys } from '@/lib/query-keys';
import type { MessageOnly, SessionList } from '../types';

export const sessionsQueryOptions = queryOptions({
  queryKey: queryKeys.sessions,
  queryFn: ({ signal }) => requestJson<SessionList>('GET', '/api/user/sessions', { signal }),
});

export function useSessions() {
  return useQuery(sessionsQueryOptions);
}

export const endSession = (id: string) => requestJson<MessageOnly>('DELETE', `/api/user/sessions/${encodeURIComponent(id)}`);
export const endOtherSessions = () => requestJson<MessageOnly>('DELETE', '/api/user/sessions');

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
