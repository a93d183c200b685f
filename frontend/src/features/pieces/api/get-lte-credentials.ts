// GET /api/user/lte_credentials: the country codes with LTE stock; with ?country=CC, that
// country's records (one per city, ISP and connection type, each with its stock).
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { Schemas } from '@/lib/api-types';
import { queryKeys } from '@/lib/query-keys';
import { knownLteRecords } from '../lte-filter';

const path = '/api/user/lte_credentials';

// The two answers share the `{ success, data }` shape; the query asked for one of them.
const codesOf = (data: Array<string | Schemas['LteRecord']>) => data.filter((item): item is string => typeof item === 'string');
const recordsOf = (data: Array<string | Schemas['LteRecord']>) =>
  data.filter((item): item is Schemas['LteRecord'] => typeof item !== 'string');

export const lteCountriesQueryOptions = queryOptions({
  queryKey: queryKeys.lteCountries,
  queryFn: async ({ signal }) => codesOf((await unwrap(api.GET(path, { signal }))).data),
  staleTime: 60_000,
});

export function lteRecordsQueryOptions(country: string) {
  return queryOptions({
    queryKey: queryKeys.lteRecords(country),
    queryFn: async ({ signal }) => knownLteRecords(recordsOf((await unwrap(api.GET(path, { params: { query: { country } }, signal }))).data)),
    enabled: country !== '',
    staleTime: 60_000,
  });
}
