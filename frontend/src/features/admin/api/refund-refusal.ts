// GET and PUT /api/admin/users/{id}/refund-refusal {days, reason}: the window in which a
// customer's self-serve refunds are refused (audited); 0 days lifts it.
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useAdminMutation } from './use-admin-mutation';

export const refundRefusalQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.adminRefundRefusal(id),
    queryFn: ({ signal }) => unwrap(api.GET('/api/admin/users/{id}/refund-refusal', { params: { path: { id } }, signal })),
  });

export function useSetRefundRefusal() {
  return useAdminMutation(({ id, days, reason }: { id: number; days: number; reason: string }) =>
    unwrap(api.PUT('/api/admin/users/{id}/refund-refusal', { params: { path: { id } }, body: { days, reason } })),
  );
}
