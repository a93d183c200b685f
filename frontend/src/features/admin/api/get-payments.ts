// GET /api/admin/payments?status&q&page&perPage: top-ups, newest first.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import type { AdminPayment, Page, PaymentsFilter } from '../types';
import { adminGet } from './admin-request';

export const paymentsQueryOptions = (filter: PaymentsFilter) =>
  queryOptions({
    queryKey: queryKeys.adminPayments(filter),
    queryFn: ({ signal }) => adminGet<Page<AdminPayment>>('/api/admin/payments', filter, signal),
    placeholderData: keepPreviousData,
  });
