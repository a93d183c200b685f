// GET /api/admin/orders?status&type&q&page&perPage: piece orders, newest first.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { OrdersFilter } from '../types';
import { withoutEmpty } from './query';

export const ordersQueryOptions = (filter: OrdersFilter) =>
  queryOptions({
    queryKey: queryKeys.adminOrders(filter),
    queryFn: ({ signal }) => unwrap(api.GET('/api/admin/orders', { params: { query: withoutEmpty(filter) }, signal })),
    placeholderData: keepPreviousData,
  });
