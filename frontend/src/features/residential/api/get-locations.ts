// GET /api/user/residential_location (countries → states → cities) and
// GET /api/user/budget_residential_location (countries → cities), read into one shape. openapi.json
// describes these answers only in prose, so they are checked at run time; malformed entries are
// dropped.
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { GeneratorKind } from '../generate-request';
import { asArray, asString, isRecord } from './parse';

export type Place = { code: string; name: string };
export type State = Place & { cities: Place[] };
export type Country = Place & { states: State[]; cities: Place[] };

function place(raw: unknown): Place | null {
  if (!isRecord(raw)) return null;
  const code = asString(raw.code);
  const name = asString(raw.name);
  return code && name ? { code, name } : null;
}

const places = (value: unknown): Place[] => asArray(value).map(place).filter((p): p is Place => p !== null);

function state(raw: unknown): State | null {
  const base = place(raw);
  return base && isRecord(raw) ? { ...base, cities: places(raw.cities) } : null;
}

function country(raw: unknown): Country | null {
  const base = place(raw);
  if (!base || !isRecord(raw)) return null;
  return { ...base, states: asArray(raw.states).map(state).filter((s): s is State => s !== null), cities: places(raw.cities) };
}

export function parseLocations(payload: unknown): Country[] {
  if (!isRecord(payload)) return [];
  return asArray(payload.locations)
    .map(country)
    .filter((c): c is Country => c !== null);
}

const PATHS: Record<GeneratorKind, string> = {
  premium: '/api/user/residential_location',
  budget: '/api/user/budget_residential_location',
};

export function locationsQueryOptions(kind: GeneratorKind) {
  return queryOptions({
    queryKey: ['locations', kind],
    queryFn: async ({ signal }) => parseLocations(await apiRequest(PATHS[kind], { signal })),
    staleTime: 30 * 60_000,
  });
}
