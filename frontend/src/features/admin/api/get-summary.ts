// GET /api/admin/summary?days=: the overview's totals, per-day series and warnings.
import { queryOptions } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import type { Summary } from '../types';
import { adminGet } from './admin-request';

export const summaryQueryOptions = (days: number) =>
  queryOptions({
    queryKey: queryKeys.adminSummary(days),
    queryFn: ({ signal }) => adminGet<Summary>('/api/admin/summary', { days }, signal),
  });
