// GET /api/user/usage?type=KIND&days=30: bytes used per UTC day (ascending, only days with usage).
// The chart wants every day of the window, so the gaps are filled with zeros here.
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { Schemas } from '@/lib/api-types';
import type { ProxyKind } from '@/lib/kinds';
import { LIVE_REFRESH_MS } from '@/lib/live-refresh';
import { queryKeys } from '@/lib/query-keys';

export const USAGE_DAYS = 30;
/** GB = 10^9 bytes. */
export const BYTES_PER_GB = 1e9;

export type UsageDay = Schemas['UsageDay'];

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The days of the answer, without entries that are not a "YYYY-MM-DD" day with bytes ≥ 0. */
export function parseUsage(payload: Schemas['UsageResponse']): UsageDay[] {
  return payload.days.filter(({ day, bytes }) => DAY.test(day) && Number.isFinite(bytes) && bytes >= 0);
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The `count` UTC days ending with `today`, oldest first, with the bytes of each (0 when absent). */
export function fillDays(days: UsageDay[], count = USAGE_DAYS, today: Date = new Date()): UsageDay[] {
  const bytes = new Map<string, number>();
  for (const { day, bytes: value } of days) bytes.set(day, (bytes.get(day) ?? 0) + value);
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Array.from({ length: count }, (_, index) => {
    const day = isoDay(new Date(end - (count - 1 - index) * 86_400_000));
    return { day, bytes: bytes.get(day) ?? 0 };
  });
}

export function usageQueryOptions(kind: ProxyKind) {
  return queryOptions({
    queryKey: queryKeys.usage(kind),
    queryFn: async ({ signal }) =>
      parseUsage(await unwrap(api.GET('/api/user/usage', { params: { query: { type: kind, days: USAGE_DAYS } }, signal }))),
    refetchInterval: LIVE_REFRESH_MS,
  });
}
