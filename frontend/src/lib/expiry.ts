// When a per-piece proxy stops working (unix seconds), as the tables show it.
import { formatDate, fromUnixSeconds } from './format';

export const EXPIRED = 'Expired';

export const isExpired = (expiresAt: number, now: number) => expiresAt * 1000 <= now;

/** The expiry as plain text ("21 Nov 2026" or "Expired"), for places that cannot hold a badge. */
export function expiryText(expiresAt: number, now: number): string {
  return isExpired(expiresAt, now) ? EXPIRED : formatDate(fromUnixSeconds(expiresAt));
}
