// GET /api/admin/stock?type&country: the piece stock entries.
import { queryOptions } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import type { StockItem } from '../types';
import { adminGet } from './admin-request';

export type StockFilter = { type: string; country: string };

export const stockQueryOptions = (filter: StockFilter) =>
  queryOptions({
    queryKey: queryKeys.adminStock(filter),
    queryFn: ({ signal }) => adminGet<{ items: StockItem[] }>('/api/admin/stock', filter, signal),
  });
