// GET /api/admin/users?q&role&disabled&page&perPage: the customer list, newest first.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import type { AdminUserRow, Page, UsersFilter } from '../types';
import { adminGet, adminUrl } from './admin-request';

export const usersQueryOptions = (filter: UsersFilter) =>
  queryOptions({
    queryKey: queryKeys.adminUsers(filter),
    queryFn: ({ signal }) => adminGet<Page<AdminUserRow>>('/api/admin/users', filter, signal),
    placeholderData: keepPreviousData,
  });

/** GET /api/admin/users.csv with the same filters (no paging): a download link. */
export function usersCsvUrl({ q, role, disabled }: UsersFilter): string {
  return adminUrl('/api/admin/users.csv', { q, role, disabled });
}
