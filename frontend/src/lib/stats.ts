// GET /api/user/get_starts: traffic stats for premium and budget (GB; available = purchased − used,
// never below 0; when the traffic expires) and the live pieces of the piece kinds. Re-read every
// LIVE_REFRESH_MS while the page is visible: usage grows while proxies are in use.
import { queryOptions } from '@tanstack/react-query';
import type { AccountTrial } from './account-trial';
import { api, unwrap } from './api-client';
import type { Schemas } from './api-types';
import { LIVE_REFRESH_MS } from './live-refresh';
import { queryKeys } from './query-keys';

export type TrafficStat = Schemas['TrafficStat'];
export type PieceStat = Schemas['PieceStat'];
export type PieceStats = Schemas['PieceStats'];
export type Stats = {
  premiumStat: TrafficStat | null;
  budgetStat: TrafficStat | null;
  /** Null from a server that does not count pieces. */
  pieceStats: PieceStats | null;
  /** A piece expiring within this many days counts as "expiring soon". */
  expiringSoonDays: number;
  /** The free trial while it concerns the customer (./account-trial.ts); null otherwise. */
  trial: AccountTrial | null;
};

export const DEFAULT_EXPIRING_SOON_DAYS = 3;

export const statsQueryOptions = queryOptions({
  queryKey: queryKeys.stats,
  queryFn: async ({ signal }): Promise<Stats> => {
    // read leniently: an older server (or a test double) may leave the newer fields out
    const payload: Partial<Schemas['StatsResponse']> = await unwrap(api.GET('/api/user/get_starts', { signal }));
    return {
      premiumStat: payload.premiumStat ?? null,
      budgetStat: payload.budgetStat ?? null,
      pieceStats: payload.pieceStats ?? null,
      expiringSoonDays: payload.expiringSoonDays ?? DEFAULT_EXPIRING_SOON_DAYS,
      trial: payload.trial ?? null,
    };
  },
  retry: false,
  refetchInterval: LIVE_REFRESH_MS,
});
