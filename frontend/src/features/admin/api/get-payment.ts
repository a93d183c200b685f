// GET /api/admin/payments/{id}: one payment, its status history and the provider's raw report.
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const paymentQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.adminPayment(id),
    queryFn: ({ signal }) => unwrap(api.GET('/api/admin/payments/{id}', { params: { path: { id } }, signal })),
  });
