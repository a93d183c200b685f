// When a per-piece proxy stops working (unix seconds), as the tables show it, and when a kind's
// traffic expires, as the overview and the Usage tab say it.
import { formatDateTime, fromUnixSeconds } from './format';

export const EXPIRED = 'Expired';

export const isExpired = (expiresAt: number, now: number) => expiresAt * 1000 <= now;

/** "Expires 21 Dec 2026, 14:05", "Expired on …", or "No active traffic" without bought traffic. */
export function trafficExpiryText(expiresAt: number | null | undefined, now: number): string {
  if (expiresAt == null) return 'No active traffic';
  const when = formatDateTime(fromUnixSeconds(expiresAt));
  return isExpired(expiresAt, now) ? `Expired on ${when}` : `Expires ${when}`;
}
