// GET /api/admin/users/{id}/ledger?page&perPage: a customer's wallet ledger, newest first.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const LEDGER_PER_PAGE = 20;

export const userLedgerQueryOptions = (id: number, page: number) =>
  queryOptions({
    queryKey: queryKeys.adminUserLedger(id, page, LEDGER_PER_PAGE),
    queryFn: ({ signal }) =>
      unwrap(api.GET('/api/admin/users/{id}/ledger', { params: { path: { id }, query: { page, perPage: LEDGER_PER_PAGE } }, signal })),
    placeholderData: keepPreviousData,
  });
