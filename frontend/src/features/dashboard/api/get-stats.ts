// GET /api/user/get_starts: traffic stats for premium and budget (GB; available = purchased − used,
// never below 0).
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import type { Schemas } from '@/lib/api-types';

export type TrafficStat = Schemas['TrafficStat'];
export type Stats = { premiumStat: TrafficStat | null; budgetStat: TrafficStat | null };

export const statsQueryOptions = queryOptions({
  queryKey: ['stats'],
  queryFn: async ({ signal }): Promise<Stats> => {
    const { premiumStat, budgetStat } = await apiGet('/api/user/get_starts', { signal });
    return { premiumStat, budgetStat };
  },
  retry: false,
});
