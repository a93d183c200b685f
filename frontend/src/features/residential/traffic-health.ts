// The Health tab's numbers (docs/api.md#health-of-the-traffic): the worst targets, how a group's key, a rate and a connect time read, and the columns
// of the tables' CSV and JSON files.
import type { Schemas } from '@/lib/api-types';
import { failureReason } from '@/lib/failure-reasons';
import type { ExportColumn } from '@/lib/table-export';
import { credentialKindLabel, formatDuration } from './usage-records';

export type HealthRow = Schemas['HealthRow'];
/** The figures over every matching connection (an answer's `total`). */
export type HealthTotal = Schemas['HealthFigures'];
export type HealthBy = 'host' | 'country' | 'credential' | 'hour';

/** A host counts among the worst targets from this many connections: below it, one failure is
 * too much of its rate to say anything about the site. */
export const WORST_MIN_CONNECTIONS = 10;
/** The worst targets listed. */
export const WORST_COUNT = 5;

/** The hosts with at least `WORST_MIN_CONNECTIONS` connections and any failure, the lowest
 * success rate first (then the most connections, then the name). */
export function worstHosts(rows: readonly HealthRow[]): HealthRow[] {
  return rows
    .filter((row) => row.key !== '' && row.connections >= WORST_MIN_CONNECTIONS && row.failed > 0)
    .sort((a, b) => a.successRate - b.successRate || b.connections - a.connections || a.key.localeCompare(b.key))
    .slice(0, WORST_COUNT);
}

/** A failure count per reason, the most first (then by name). */
export function reasonCounts(byReason: Readonly<Record<string, number>>): Array<[string, number]> {
  return Object.entries(byReason)
    .filter(([, count]) => count > 0)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
}

/** "100%", "97.5%", "0%" to one decimal; a rate just under 100 % (or just over 0 %) never reads
 * as 100 % (or 0 %): one failure in 10,000 connections is "99.9%". */
export function formatRate(rate: number | null): string {
  if (rate === null) return '—';
  const percent = rate * 100;
  if (percent >= 100 || percent <= 0) return `${Math.min(100, Math.max(0, Math.round(percent)))}%`;
  const shown = Math.min(99.9, Math.max(0.1, Math.round(percent * 10) / 10));
  return `${Number.isInteger(shown) ? shown.toFixed(0) : shown.toFixed(1)}%`;
}

/** A connect time as the API estimates it: "56 ms", "1.8 s", "10 s or more" (its last bucket). */
export function formatConnectMs(ms: number | null | undefined): string {
  if (ms == null) return '—';
  return ms >= 10_000 ? '10 s or more' : formatDuration(ms);
}

const regions = new Intl.DisplayNames(['en'], { type: 'region' });

/** "United States" for "us"; the code itself when it names no region. */
export function countryName(code: string): string {
  try {
    return regions.of(code.toUpperCase()) ?? code.toUpperCase();
  } catch {
    return code.toUpperCase();
  }
}

/** How a group's key reads in a table: the host, the country's name, the credential's label. */
export function healthKeyLabel(by: HealthBy, key: string): string {
  if (by === 'country') return key ? countryName(key) : 'No country targeted';
  if (by === 'host') return key || 'Refused before a host';
  return key;
}

/** The columns of a health table's CSV and JSON files: one per failure reason found in its rows. */
export function healthColumns(by: Exclude<HealthBy, 'hour'>, rows: readonly HealthRow[]): Array<ExportColumn<HealthRow>> {
  const reasons = [...new Set(rows.flatMap((row) => Object.keys(row.failuresByReason)))].sort();
  return [
    { key: by, value: (row) => row.key },
    ...(by === 'credential' ? [{ key: 'credential_kind', value: (row: HealthRow) => row.credentialKind ?? '' }] : []),
    ...(by === 'country' ? [{ key: 'country_name', value: (row: HealthRow) => (row.key ? countryName(row.key) : '') }] : []),
    { key: 'connections', value: (row) => row.connections },
    { key: 'succeeded', value: (row) => row.succeeded },
    { key: 'failed', value: (row) => row.failed },
    { key: 'success_rate', value: (row) => Math.round(row.successRate * 10_000) / 10_000 },
    { key: 'p50_connect_ms', value: (row) => row.p50ConnectMs },
    { key: 'p95_connect_ms', value: (row) => row.p95ConnectMs },
    { key: 'timed_connections', value: (row) => row.timedConnections },
    { key: 'bytes', value: (row) => row.bytes },
    ...reasons.map((reason) => ({ key: `failed_${reason}`, value: (row: HealthRow) => row.failuresByReason[reason] ?? 0 })),
  ];
}

/** A credential's kind under its label ("Sub-user"). */
export const credentialLine = (row: HealthRow) => credentialKindLabel(row.credentialKind);

/** A failure reason's words. */
export const reasonLabel = (reason: string) => failureReason(reason).label;
