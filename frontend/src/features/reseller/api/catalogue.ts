// GET and PUT /api/reseller/catalogue: whether the clients may buy, and the price per GB of each kind.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { Schemas } from '@/lib/api-types';
import { queryKeys } from '@/lib/query-keys';

export type Catalogue = Schemas['CatalogueView'];
export type CatalogueBody = Schemas['CatalogueRequest'];

export const catalogueQueryOptions = queryOptions({
  queryKey: queryKeys.resellerCatalogue,
  queryFn: ({ signal }) => unwrap(api.GET('/api/reseller/catalogue', { signal })),
});

export function useCatalogue() {
  return useQuery(catalogueQueryOptions);
}

export function useSaveCatalogue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CatalogueBody) => unwrap(api.PUT('/api/reseller/catalogue', { body })),
    onSuccess: (catalogue) => queryClient.setQueryData(queryKeys.resellerCatalogue, catalogue),
  });
}
