// GET /api/admin/margins?days=: revenue against the upstream pools' cost, per kind and per pool (docs/admin-api/margins.md).
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const marginsQueryOptions = (days: number) =>
  queryOptions({
    queryKey: queryKeys.adminMargins(days),
    queryFn: ({ signal }) => unwrap(api.GET('/api/admin/margins', { params: { query: { days: String(days) } }, signal })),
  });
