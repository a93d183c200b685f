// GET /api/admin/users/{id}/ledger?page&perPage: a customer's wallet ledger, newest first; and the
// link of its CSV export.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, apiUrl, unwrap } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const LEDGER_PER_PAGE = 20;

export const userLedgerQueryOptions = (id: number, page: number) =>
  queryOptions({
    queryKey: queryKeys.adminUserLedger(id, page, LEDGER_PER_PAGE),
    queryFn: ({ signal }) =>
      unwrap(api.GET('/api/admin/users/{id}/ledger', { params: { path: { id }, query: { page, perPage: LEDGER_PER_PAGE } }, signal })),
    placeholderData: keepPreviousData,
  });

/** GET /api/admin/users/{id}/ledger.csv: the whole ledger as a download link. */
export const userLedgerCsvUrl = (id: number) => apiUrl(`/api/admin/users/${id}/ledger.csv`);
