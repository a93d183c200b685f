// GET /api/reseller/transfers: the ledger of every move of traffic, newest first.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { Schemas } from '@/lib/api-types';
import { queryKeys } from '@/lib/query-keys';

export type Transfer = Schemas['TransferView'];

export const TRANSFERS_PER_PAGE = 20;

export const transfersQueryOptions = (page: number) =>
  queryOptions({
    queryKey: queryKeys.resellerTransfers(page, TRANSFERS_PER_PAGE),
    queryFn: ({ signal }) => unwrap(api.GET('/api/reseller/transfers', { params: { query: { page, perPage: TRANSFERS_PER_PAGE } }, signal })),
    placeholderData: keepPreviousData,
  });

export function useTransfers(page: number) {
  return useQuery(transfersQueryOptions(page));
}
