// GET /api/admin/stock?type&country: the piece stock entries.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { withoutEmpty } from './query';

export type StockFilter = { type: string; country: string };

export const stockQueryOptions = (filter: StockFilter) =>
  queryOptions({
    queryKey: queryKeys.adminStock(filter),
    queryFn: ({ signal }) => unwrap(api.GET('/api/admin/stock', { params: { query: withoutEmpty(filter) }, signal })),
    // the rows stay while another filter's list loads (a click on one must not miss)
    placeholderData: keepPreviousData,
  });
