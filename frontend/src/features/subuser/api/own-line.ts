// What a sub-user's sign-in reads (docs/subusers.md): its one sub-user (GET /api/user/subusers
// answers it alone), its latest connections (GET /api/user/requests, which the server limits to
// the sub-user's credential), and new lines of it (POST /api/user/generate or generate_budget).
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { LIVE_REFRESH_MS } from '@/lib/live-refresh';
import { queryKeys } from '@/lib/query-keys';
import { subusersQueryOptions } from '@/lib/subusers';

export const RECENT_RECORDS = 20;

export function useOwnLine() {
  return useQuery({ ...subusersQueryOptions, select: (list) => list.items[0] ?? null });
}

export const recentRecordsQueryOptions = queryOptions({
  queryKey: queryKeys.usageRequests({}, null, RECENT_RECORDS),
  queryFn: ({ signal }) => unwrap(api.GET('/api/user/requests', { params: { query: { perPage: RECENT_RECORDS } }, signal })),
  refetchInterval: LIVE_REFRESH_MS,
});

export type LineOrder = { kind: 'premium' | 'budget'; country: string; quantity: number };

export const generateLines = ({ kind, country, quantity }: LineOrder) => {
  const body = { quantity, ...(country ? { country } : {}) };
  const call = kind === 'premium' ? api.POST('/api/user/generate', { body }) : api.POST('/api/user/generate_budget', { body });
  return unwrap(call);
};

export function useGenerateLines() {
  return useMutation({ mutationFn: generateLines });
}
