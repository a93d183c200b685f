// GET /api/admin/summary?days=: the overview's totals, per-day series and warnings (docs/admin-api/summary.md).
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const summaryQueryOptions = (days: number) =>
  queryOptions({
    queryKey: queryKeys.adminSummary(days),
    queryFn: ({ signal }) => unwrap(api.GET('/api/admin/summary', { params: { query: { days: String(days) } }, signal })),
  });
