// GET /api/user/residential_location (countries → states → cities) and
// GET /api/user/budget_residential_location (countries → cities), read into one shape: a premium
// country has no cities of its own, a budget country no states.
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { Schemas } from '@/lib/api-types';
import { queryKeys } from '@/lib/query-keys';
import type { GeneratorKind } from '../generate-request';

export type Place = Schemas['LocationCity'];
export type State = Schemas['LocationState'];
export type Country = Place & { states: State[]; cities: Place[] };

export const premiumCountries = ({ locations }: Schemas['PremiumLocations']): Country[] =>
  locations.map((country) => ({ ...country, cities: [] }));

export const budgetCountries = ({ locations }: Schemas['BudgetLocations']): Country[] =>
  locations.map((country) => ({ ...country, states: [] }));

async function fetchLocations(kind: GeneratorKind, signal: AbortSignal): Promise<Country[]> {
  if (kind === 'premium') return premiumCountries(await unwrap(api.GET('/api/user/residential_location', { signal })));
  return budgetCountries(await unwrap(api.GET('/api/user/budget_residential_location', { signal })));
}

export function locationsQueryOptions(kind: GeneratorKind) {
  return queryOptions({
    queryKey: queryKeys.locations(kind),
    queryFn: ({ signal }) => fetchLocations(kind, signal),
    staleTime: 30 * 60_000,
  });
}
