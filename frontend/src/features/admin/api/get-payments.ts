// GET /api/admin/payments?status&q&page&perPage: top-ups, newest first; and the CSV export's link.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, apiUrl, unwrap } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { PaymentsFilter } from '../types';
import { withoutEmpty } from './query';

export const paymentsQueryOptions = (filter: PaymentsFilter) =>
  queryOptions({
    queryKey: queryKeys.adminPayments(filter),
    queryFn: ({ signal }) => unwrap(api.GET('/api/admin/payments', { params: { query: withoutEmpty(filter) }, signal })),
    placeholderData: keepPreviousData,
  });

/** GET /api/admin/payments.csv with the same filters (no paging): a download link. */
export function paymentsCsvUrl({ status, q }: Pick<PaymentsFilter, 'status' | 'q'>): string {
  const query = new URLSearchParams(Object.entries({ status, q }).filter(([, value]) => value !== ''));
  const text = query.toString();
  return apiUrl(`/api/admin/payments.csv${text ? `?${text}` : ''}`);
}
