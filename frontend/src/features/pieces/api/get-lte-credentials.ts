// GET /api/user/lte_credentials: the country codes with LTE stock; with ?country=CC, that
// country's records (one per city, ISP and connection type, each with its stock).
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { credentialsKey } from './get-server-credentials';
import { parseLteCountries, parseLteRecords } from './parse';

const path = '/api/user/lte_credentials';

export const lteCountriesQueryOptions = queryOptions({
  queryKey: [...credentialsKey('lte'), 'countries'],
  queryFn: async ({ signal }) => parseLteCountries(await apiRequest(path, { signal })),
  staleTime: 60_000,
});

export function lteRecordsQueryOptions(country: string) {
  return queryOptions({
    queryKey: [...credentialsKey('lte'), 'records', country],
    queryFn: async ({ signal }) => parseLteRecords(await apiRequest(path, { query: { country }, signal })),
    enabled: country !== '',
    staleTime: 60_000,
  });
}
