// GET /api/admin/users/{id}/view-as: what the customer sees, read-only, passwords masked. Each read
// is written to the audit log, so it is read once per opening of the page: its key is outside the
// console's root (admin changes do not refetch it), and focus or reconnect never refetch it.
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const viewAsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.adminViewAs(id),
    queryFn: ({ signal }) => unwrap(api.GET('/api/admin/users/{id}/view-as', { params: { path: { id } }, signal })),
    gcTime: 0,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: false,
  });
