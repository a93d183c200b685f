// Numbers and labels of the usage chart.
import { BYTES_PER_GB } from './api/get-usage';

export const toGb = (bytes: number) => bytes / BYTES_PER_GB;

/** "21 Nov" for a "2026-11-21" UTC day. */
export function shortDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
}

/** A round axis maximum at or above `value` (1, 2, 2.5, 5 × 10^n). */
export function niceMax(value: number): number {
  if (!(value > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) if (value <= step * power) return step * power;
  return 10 * power;
}
