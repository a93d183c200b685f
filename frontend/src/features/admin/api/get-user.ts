// GET /api/admin/users/{id}: profile, traffic per kind, live pieces, the last payments and usage.
import { queryOptions } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import type { CustomerDetail } from '../types';
import { adminGet } from './admin-request';

export const userQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.adminUser(id),
    queryFn: ({ signal }) => adminGet<CustomerDetail>(`/api/admin/users/${id}`, {}, signal),
  });
