// GET /api/admin/users/{id}/ledger?page&perPage: a customer's wallet ledger, newest first.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import type { LedgerItem, Page } from '../types';
import { adminGet } from './admin-request';

export const LEDGER_PER_PAGE = 20;

export const userLedgerQueryOptions = (id: number, page: number) =>
  queryOptions({
    queryKey: queryKeys.adminUserLedger(id, page, LEDGER_PER_PAGE),
    queryFn: ({ signal }) => adminGet<Page<LedgerItem>>(`/api/admin/users/${id}/ledger`, { page, perPage: LEDGER_PER_PAGE }, signal),
    placeholderData: keepPreviousData,
  });
