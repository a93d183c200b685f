// GET /api/admin/payments/{id}: one payment, its status history and the provider's raw report.
import { queryOptions } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import type { PaymentDetail } from '../types';
import { adminGet } from './admin-request';

export const paymentQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.adminPayment(id),
    queryFn: ({ signal }) => adminGet<PaymentDetail>(`/api/admin/payments/${encodeURIComponent(id)}`, {}, signal),
  });
