// Usage exports prepared in the background, for a window too long to stream while the customer
// waits: POST /api/user/requests/exports (the filters of the streamed export, and its format) →
// 202 pending; GET
// /api/user/requests/exports lists them (read again every 2 s while one is being prepared);
// DELETE …/{id}; a ready one downloads from its `downloadUrl` (a plain link: the browser saves
// the file as it arrives, however large).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiUrl, unwrap } from '@/lib/api-client';
import type { Schemas } from '@/lib/api-types';
import type { ProxyKind } from '@/lib/kinds';
import { queryKeys } from '@/lib/query-keys';
import { recordQuery, type RecordsFormat, type UsageFilter } from '../usage-records';

export type UsageExport = Schemas['UsageExport'];

export const EXPORT_ASKED = 'Your export is being prepared: download it below when it is ready';

/** Whether an export is still being written. */
export const inMaking = (e: UsageExport) => e.status === 'pending' || e.status === 'running';

export function useUsageExports() {
  return useQuery({
    queryKey: queryKeys.usageExports,
    queryFn: ({ signal }) => unwrap(api.GET('/api/user/requests/exports', { signal })),
    refetchInterval: (query) => (query.state.data?.items.some(inMaking) ? 2000 : false),
  });
}

export function useRequestExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, filter, format }: { kind: ProxyKind; filter: UsageFilter; format: RecordsFormat }) =>
      unwrap(api.POST('/api/user/requests/exports', { body: { ...recordQuery(kind, filter), format } })),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.usageExports }),
  });
}

export function useDeleteExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => unwrap(api.DELETE('/api/user/requests/exports/{id}', { params: { path: { id } } })),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.usageExports }),
  });
}

/** Where a ready export downloads from. */
export const exportFileUrl = (e: UsageExport) => (e.downloadUrl ? apiUrl(e.downloadUrl) : null);
