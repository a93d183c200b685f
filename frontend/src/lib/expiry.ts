// When a per-piece proxy stops working (unix seconds), as the tables show it, and when a kind's
// traffic expires or runs out at the customer's pace, as the overview and the Usage tab say it.
import { formatDate, formatDateTime, formatFixed2, fromUnixSeconds } from './format';

export const EXPIRED = 'Expired';

export const isExpired = (expiresAt: number, now: number) => expiresAt * 1000 <= now;

/** "Expires 21 Dec 2026, 14:05", "Expired on …", or "No active traffic" without bought traffic. */
export function trafficExpiryText(expiresAt: number | null | undefined, now: number): string {
  if (expiresAt == null) return 'No active traffic';
  const when = formatDateTime(fromUnixSeconds(expiresAt));
  return isExpired(expiresAt, now) ? `Expired on ${when}` : `Expires ${when}`;
}

/** The pace of a traffic kind (GET /api/user/get_starts: the last 7 days) and when it runs out. */
export type TrafficPace = { dailyAverageGb: number; runsOutAt?: number | null; expiresAt?: number | null };

/**
 * "At this pace (1.50 GB a day) your Premium traffic lasts until 3 Dec 2026.", or that it
 * outlasts its expiry; null without a forecast (no recent usage, nothing left).
 */
export function trafficForecastText(pace: TrafficPace, label: string): string | null {
  if (pace.runsOutAt == null) return null;
  const rate = `At this pace (${formatFixed2(pace.dailyAverageGb)} GB a day)`;
  if (pace.expiresAt != null && pace.runsOutAt >= pace.expiresAt) return `${rate} your ${label} traffic lasts until it expires.`;
  return `${rate} your ${label} traffic lasts until ${formatDate(fromUnixSeconds(pace.runsOutAt))}.`;
}
