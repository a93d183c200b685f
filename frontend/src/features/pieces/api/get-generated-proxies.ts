// GET /api/user/proxies?type=&q=&page=&perPage=: every generated proxy of the customer, newest
// first, filtered by kind (empty for all) and by text; plus the whole filtered list for export.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { parseGeneratedProxies } from './parse';
import type { GeneratedProxiesFilter, GeneratedProxy } from './types';

export const generatedProxiesRoot = ['generated-proxies'] as const;
export const PER_PAGE = 20;
/** Page size of the export, and a bound on how many pages it reads. */
export const EXPORT_PER_PAGE = 100;
const EXPORT_MAX_PAGES = 500;

function fetchPage(filter: GeneratedProxiesFilter, signal?: AbortSignal) {
  const query = { type: filter.type, q: filter.q, page: String(filter.page), perPage: String(filter.perPage) };
  return apiRequest('/api/user/proxies', { query, signal }).then((payload) => parseGeneratedProxies(payload, filter));
}

export function generatedProxiesQueryOptions(filter: GeneratedProxiesFilter) {
  return queryOptions({
    queryKey: [...generatedProxiesRoot, filter],
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
