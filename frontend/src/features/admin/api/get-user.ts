// GET /api/admin/users/{id}: profile, traffic per kind, live pieces, the last payments and usage.
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const userQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.adminUser(id),
    queryFn: ({ signal }) => unwrap(api.GET('/api/admin/users/{id}', { params: { path: { id } }, signal })),
  });
