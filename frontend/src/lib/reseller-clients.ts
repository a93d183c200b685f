// The first page of a reseller's clients (GET /api/reseller/clients): the console's Clients tab and
// ledger read it, and a reseller's own piece list names the client holding a piece from it.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from './api-client';
import { queryKeys } from './query-keys';

export const CLIENTS_PER_PAGE = 20;

export const clientsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: queryKeys.resellerClients(page, CLIENTS_PER_PAGE),
    queryFn: ({ signal }) => unwrap(api.GET('/api/reseller/clients', { params: { query: { page, perPage: CLIENTS_PER_PAGE } }, signal })),
    placeholderData: keepPreviousData,
  });
