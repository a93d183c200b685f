// GET /api/admin/plans?type=: every plan, inactive ones too, by kind then sort order.
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const plansQueryOptions = (type: string) =>
  queryOptions({
    queryKey: queryKeys.adminPlans(type),
    queryFn: ({ signal }) => unwrap(api.GET('/api/admin/plans', { params: { query: type ? { type } : {} }, signal })),
  });
