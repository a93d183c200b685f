// The Generated Proxies page's pages of GET /api/user/proxies (src/lib/generated-proxies.ts), and
// the whole filtered list for export.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { fetchGeneratedProxies, generatedProxiesQueryOptions as pageOptions, type GeneratedProxy } from '@/lib/generated-proxies';
import type { GeneratedProxiesFilter } from '@/lib/query-keys';

export type { GeneratedProxy };

export const PER_PAGE = 20;
/** Page size of the export, and a bound on how many pages it reads. */
export const EXPORT_PER_PAGE = 100;
const EXPORT_MAX_PAGES = 500;

export function generatedProxiesQueryOptions(filter: GeneratedProxiesFilter) {
  // keep the last page on screen while the next one loads
  return queryOptions({ ...pageOptions(filter), placeholderData: keepPreviousData });
}

/** Every proxy that matches `type` and `q`, page after page up to the total. */
export async function fetchAllGeneratedProxies({ type, q }: Pick<GeneratedProxiesFilter, 'type' | 'q'>): Promise<GeneratedProxy[]> {
  const all: GeneratedProxy[] = [];
  for (let page = 1; page <= EXPORT_MAX_PAGES; page += 1) {
    const { items, total } = await fetchGeneratedProxies({ type, q, page, perPage: EXPORT_PER_PAGE });
    all.push(...items);
    if (items.length === 0 || all.length >= total) break;
  }
  return all;
}
