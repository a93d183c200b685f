// /api/admin/upstreams: the upstream pools with their health (list), created, edited, deleted (or
// deactivated once they carried traffic), and tested (one probe now through the pool).
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { PoolBody, PoolPatch } from '../types';
import { useAdminMutation } from './use-admin-mutation';

export const upstreamsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.adminUpstreams,
    queryFn: ({ signal }) => unwrap(api.GET('/api/admin/upstreams', { signal })),
  });

export type SaveUpstreamInput = { id: null; body: PoolBody } | { id: number; body: PoolPatch };

export const saveUpstream = (input: SaveUpstreamInput) =>
  input.id === null
    ? unwrap(api.POST('/api/admin/upstreams', { body: input.body }))
    : unwrap(api.PATCH('/api/admin/upstreams/{id}', { params: { path: { id: input.id } }, body: input.body }));

export const useSaveUpstream = () => useAdminMutation(saveUpstream);

export const deleteUpstream = (id: number) => unwrap(api.DELETE('/api/admin/upstreams/{id}', { params: { path: { id } } }));

export const useDeleteUpstream = () => useAdminMutation(deleteUpstream);

export const testUpstream = (id: number) => unwrap(api.POST('/api/admin/upstreams/{id}/test', { params: { path: { id } } }));

/** The probe's outcome is recorded (failures, state), so the list is refetched after it. */
export const useTestUpstream = () => useAdminMutation(testUpstream);
