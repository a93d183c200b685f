// GET /api/admin/refunds?page&perPage: every self-serve refund, newest first.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const refundsQueryOptions = (page: number, perPage: number) =>
  queryOptions({
    queryKey: queryKeys.adminRefunds(page, perPage),
    queryFn: ({ signal }) => unwrap(api.GET('/api/admin/refunds', { params: { query: { page, perPage } }, signal })),
    placeholderData: keepPreviousData,
  });
