// GET /api/admin/payments?status&q&page&perPage: top-ups, newest first.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { PaymentsFilter } from '../types';
import { withoutEmpty } from './query';

export const paymentsQueryOptions = (filter: PaymentsFilter) =>
  queryOptions({
    queryKey: queryKeys.adminPayments(filter),
    queryFn: ({ signal }) => unwrap(api.GET('/api/admin/payments', { params: { query: withoutEmpty(filter) }, signal })),
    placeholderData: keepPreviousData,
  });
