// GET /api/user/proxies?type=&q=&page=&perPage=: every generated proxy of the customer, newest
// first, filtered by kind (empty for all) and by text. Shared by the Generated Proxies page and the
// allowlist's choice of a piece.
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from './api-client';
import type { Schemas } from './api-types';
import { queryKeys, type GeneratedProxiesFilter } from './query-keys';

/** One generated proxy (times in unix seconds; no expiresAt for traffic proxies). */
export type GeneratedProxy = Schemas['ProxyItem'];

export function fetchGeneratedProxies(filter: GeneratedProxiesFilter, signal?: AbortSignal) {
  return unwrap(api.GET('/api/user/proxies', { params: { query: filter }, signal }));
}

export function generatedProxiesQueryOptions(filter: GeneratedProxiesFilter) {
  return queryOptions({
    queryKey: queryKeys.generatedProxies(filter),
    queryFn: ({ signal }) => fetchGeneratedProxies(filter, signal),
  });
}
