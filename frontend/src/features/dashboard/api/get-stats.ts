// GET /api/user/get_starts: traffic stats for premium and budget (GB). The route arrives in a
// later issue and is not in openapi.json yet, so the answer is checked at run time.
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export type TrafficStat = { availableTraffic: number; usedTraffic: number };
export type Stats = { premiumStat: TrafficStat | null; budgetStat: TrafficStat | null };

function toStat(value: unknown): TrafficStat | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  const available = Number(record.availableTraffic);
  const used = Number(record.usedTraffic);
  if (!Number.isFinite(available) || !Number.isFinite(used)) return null;
  return { availableTraffic: available, usedTraffic: used };
}

export function parseStats(payload: unknown): Stats {
  const record = typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : {};
  return { premiumStat: toStat(record.premiumStat), budgetStat: toStat(record.budgetStat) };
}

export const statsQueryOptions = queryOptions({
  queryKey: ['stats'],
  queryFn: async ({ signal }) => parseStats(await apiRequest('/api/user/get_starts', { signal })),
  retry: false,
});
