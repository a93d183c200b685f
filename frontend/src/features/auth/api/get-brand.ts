// GET /api/brands/{slug}: a reseller's public brand, for its sign-in page (/r/:slug); 404 "Brand
// not found" for a slug no reseller holds.
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const brandQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: queryKeys.publicBrand(slug),
    queryFn: ({ signal }) => unwrap(api.GET('/api/brands/{slug}', { params: { path: { slug } }, signal })),
    staleTime: 5 * 60_000,
  });
