// GET /api/admin/users/{id}/requests?page&perPage: a customer's connections through the gateway, newest
// first, each with the upstream pool that carried it (docs/admin-api/customers.md).
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const REQUESTS_PER_PAGE = 20;

export const userRequestsQueryOptions = (id: number, page: number) =>
  queryOptions({
    queryKey: queryKeys.adminUserRequests(id, page, REQUESTS_PER_PAGE),
    queryFn: ({ signal }) =>
      unwrap(api.GET('/api/admin/users/{id}/requests', { params: { path: { id }, query: { page, perPage: REQUESTS_PER_PAGE } }, signal })),
    placeholderData: keepPreviousData,
  });
