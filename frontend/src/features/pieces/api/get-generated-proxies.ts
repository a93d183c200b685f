// GET /api/user/proxies?type=&q=&page=&perPage=: every generated proxy of the customer, newest
// first, filtered by kind (empty for all) and by text; plus the whole filtered list for export.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { Schemas } from '@/lib/api-types';
import { queryKeys, type GeneratedProxiesFilter } from '@/lib/query-keys';

/** One generated proxy (times in unix seconds; no expiresAt for traffic proxies). */
export type GeneratedProxy = Schemas['ProxyItem'];

export const PER_PAGE = 20;
/** Page size of the export, and a bound on how many pages it reads. */
export const EXPORT_PER_PAGE = 100;
const EXPORT_MAX_PAGES = 500;

function fetchPage(filter: GeneratedProxiesFilter, signal?: AbortSignal) {
  return unwrap(api.GET('/api/user/proxies', { params: { query: filter }, signal }));
}

export function generatedProxiesQueryOptions(filter: GeneratedProxiesFilter) {
  return queryOptions({
    queryKey: queryKeys.generatedProxies(filter),
    queryFn: ({ signal }) => fetchPage(filter, signal),
    // keep the last page on screen while the next one loads
    placeholderData: keepPreviousData,
  });
}

/** Every proxy that matches `type` and `q`, page after page up to the total. */
export async function fetchAllGeneratedProxies({ type, q }: Pick<GeneratedProxiesFilter, 'type' | 'q'>): Promise<GeneratedProxy[]> {
  const all: GeneratedProxy[] = [];
  for (let page = 1; page <= EXPORT_MAX_PAGES; page += 1) {
    const { items, total } = await fetchPage({ type, q, page, perPage: EXPORT_PER_PAGE });
    all.push(...items);
    if (items.length === 0 || all.length >= total) break;
  }
  return all;
}
