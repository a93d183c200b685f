// GET /api/admin/users?q&role&disabled&page&perPage: the customer list, newest first.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, apiUrl, unwrap } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { UsersFilter } from '../types';
import { withoutEmpty } from './query';

export const usersQueryOptions = (filter: UsersFilter) =>
  queryOptions({
    queryKey: queryKeys.adminUsers(filter),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/api/admin/users', {
          params: { query: withoutEmpty({ q: filter.q, role: filter.role, disabled: filter.disabled === '' ? undefined : filter.disabled === 'true', page: filter.page, perPage: filter.perPage }) },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });

/** GET /api/admin/users.csv with the same filters (no paging): a download link. */
export function usersCsvUrl({ q, role, disabled }: UsersFilter): string {
  const query = new URLSearchParams(Object.entries({ q, role, disabled }).filter(([, value]) => value !== ''));
  const text = query.toString();
  return apiUrl(`/api/admin/users.csv${text ? `?${text}` : ''}`);
}
