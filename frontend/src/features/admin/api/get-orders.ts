// GET /api/admin/orders?status&type&q&page&perPage: piece orders, newest first.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import type { AdminOrder, OrdersFilter, Page } from '../types';
import { adminGet } from './admin-request';

export const ordersQueryOptions = (filter: OrdersFilter) =>
  queryOptions({
    queryKey: queryKeys.adminOrders(filter),
    queryFn: ({ signal }) => adminGet<Page<AdminOrder>>('/api/admin/orders', filter, signal),
    placeholderData: keepPreviousData,
  });
