// What a reseller's client may buy from its reseller (GET /api/client/catalogue). The reseller
// decides whether its clients buy at all: while it sells nothing the server answers 403, which
// here is a closed catalogue rather than an error, since the dashboard then simply leaves out the
// wallet, the balance and the purchase page.
import { queryOptions } from '@tanstack/react-query';
import { api, ApiError, unwrap } from './api-client';
import type { Schemas } from './api-types';
import { queryKeys } from './query-keys';

export type ClientCatalogue = { open: boolean; prices: Schemas['ClientPrice'][] };

export const clientCatalogueQueryOptions = queryOptions({
  queryKey: queryKeys.clientCatalogue,
  queryFn: async ({ signal }): Promise<ClientCatalogue> => {
    try {
      const data = await unwrap(api.GET('/api/client/catalogue', { signal }));
      return { open: true, prices: data.prices };
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) return { open: false, prices: [] };
      throw error;
    }
  },
  staleTime: 60_000,
});
