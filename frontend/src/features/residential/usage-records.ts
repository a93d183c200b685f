// The usage record of a generator page (docs/api.md#usage-records): the filters the request
// list, the CSV export and the breakdowns share, their query string, and how bytes, durations,
// outcomes, credentials and UTC buckets read on screen. All days and hours are UTC, as the API's.
import type { Schemas } from '@/lib/api-types';
import type { ProxyKind } from '@/lib/kinds';
import { pluralNoun } from '@/lib/plural';
import type { ExportColumn } from '@/lib/table-export';

export type RequestRecord = Schemas['RequestRecord'];
export type BreakdownRow = Schemas['BreakdownRow'];
export type BreakdownBy = 'host' | 'credential' | 'day' | 'hour';

export const OUTCOMES = ['ok', 'refused', 'upstream_error', 'cut_quota'] as const;
export type Outcome = (typeof OUTCOMES)[number];

export const OUTCOME_LABELS: Record<Outcome, string> = {
  ok: 'OK',
  refused: 'Refused',
  upstream_error: 'Upstream error',
  cut_quota: 'Cut for quota',
};

export const isOutcome = (value: string): value is Outcome => (OUTCOMES as readonly string[]).includes(value);

/** The filters a customer sets: `from` and `to` UTC days (`YYYY-MM-DD`, `to` included), a part
 * of the host, an outcome; blank is no filter. */
export type UsageFilter = { from: string; to: string; host: string; outcome: Outcome | '' };

export const NO_FILTER: UsageFilter = { from: '', to: '', host: '', outcome: '' };

export const isFiltered = (filter: UsageFilter) => filter.from !== '' || filter.to !== '' || filter.host !== '' || filter.outcome !== '';

export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Why a filter cannot be sent, or null when it can: the API's own rules, checked before asking. */
export function filterError(filter: UsageFilter): { field: 'from' | 'to'; message: string } | null {
  if (filter.from && !DAY_PATTERN.test(filter.from)) return { field: 'from', message: 'Enter a valid date' };
  if (filter.to && !DAY_PATTERN.test(filter.to)) return { field: 'to', message: 'Enter a valid date' };
  // `to` is a whole day, so the same day on both ends is one day
  if (filter.from && filter.to && filter.from > filter.to) return { field: 'to', message: 'The end date must not be before the start date' };
  return null;
}

/** Whether the filter's window covers more than one day (`from` to `to`, or to today): such an
 * export is prepared in the background; a day's streams at once. */
export function spansDays(filter: UsageFilter, now: Date = new Date()): boolean {
  if (!filter.from) return false;
  const last = filter.to || now.toISOString().slice(0, 10);
  return last > filter.from;
}

/** The query of the three routes: the page's kind and the filters that are set (host trimmed). */
export function recordQuery(kind: ProxyKind, filter: UsageFilter) {
  const host = filter.host.trim();
  return {
    type: kind,
    ...(filter.from ? { from: filter.from } : {}),
    ...(filter.to ? { to: filter.to } : {}),
    ...(host ? { host } : {}),
    ...(filter.outcome ? { outcome: filter.outcome } : {}),
  };
}

const SI_UNITS = ['B', 'kB', 'MB', 'GB', 'TB'] as const;

/** The SI unit (1 kB = 1000 B, as the plans' GB) that suits `bytes`, with its size. */
export function byteUnit(bytes: number): { unit: (typeof SI_UNITS)[number]; size: number } {
  let index = 0;
  while (index < SI_UNITS.length - 1 && Math.abs(bytes) >= 1000 ** (index + 1)) index += 1;
  return { unit: SI_UNITS[index]!, size: 1000 ** index };
}

/** Human-readable bytes: "512 B", "1.05 MB", "12.3 GB" (three significant digits). */
export function formatBytes(bytes: number): string {
  const { unit, size } = byteUnit(bytes);
  if (size === 1) return `${bytes} B`;
  const value = bytes / size;
  const digits = value >= 100 ? 0 : value >= 10 ? 1 : 2;
  return `${value.toFixed(digits)} ${unit}`;
}

const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** The exact byte count, grouped: "1,048,576 bytes" (the figure a dispute is settled on). */
export function formatExactBytes(bytes: number): string {
  return `${grouped.format(bytes)} ${pluralNoun(bytes, 'byte', 'bytes')}`;
}

export const formatCount = (value: number) => grouped.format(value);

/** "0 ms", "850 ms", "1.2 s", "2 min 5 s", "1 h 3 min". */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.max(0, Math.round(ms))} ms`;
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(seconds < 10 ? 1 : 0)} s`;
  const whole = Math.round(seconds);
  const minutes = Math.floor(whole / 60);
  if (minutes < 60) return `${minutes} min ${whole % 60} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

const pad = (n: number) => String(n).padStart(2, '0');
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "25 Nov 2026, 10:31:05" in UTC for unix seconds. */
export function formatUtcTime(seconds: number): string {
  const date = new Date(seconds * 1000);
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}, ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
}

/** The ISO form of unix seconds, as the CSV has it: "2026-11-25T10:31:05Z". */
export const isoUtc = (seconds: number) => new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');

/** "example.com:443", "[2001:db8::1]:443", or an em dash when refused before a target. */
export function formatTarget(host: string, port: number): string {
  if (!host) return '—';
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}

export const CREDENTIAL_KIND_LABELS: Record<string, string> = {
  main: 'Main',
  subuser: 'Sub-user',
  allowlist: 'Allowlist',
  piece: 'Piece',
};

export const credentialKindLabel = (kind: string | null | undefined) => (kind ? (CREDENTIAL_KIND_LABELS[kind] ?? kind) : '');

/** The refusals by the customer's plan's limits, worded for the customer (the plan card shows the limits). */
const PLAN_LIMITS: Readonly<Record<string, string>> = {
  plan_max_connections: "your plan's connection limit",
  plan_max_requests_per_second: "your plan's request rate limit",
};

/** Whether a refusal's reason is one of the customer's plan's limits. */
export const isPlanLimit = (reason: string | null | undefined) => reason != null && Object.hasOwn(PLAN_LIMITS, reason);

/** A record's reason as words: the customer's wording where there is one, else the code spaced out ("traffic_exhausted" -> "traffic exhausted"). */
export const reasonText = (reason: string | null | undefined) => (reason ? (PLAN_LIMITS[reason] ?? reason.replaceAll('_', ' ')) : '');

/** One bucket of a chart: its UTC key ("2026-12-01" or "2026-12-01T13:00:00Z") and its bytes. */
export type Bucket = { key: string; bytes: number };

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const isoHour = (ms: number) => `${new Date(ms).toISOString().slice(0, 13)}:00:00Z`;
const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** Buckets before this many are too thin to read: a longer window shows its last ones. */
export const MAX_DAYS = 92;
export const MAX_HOURS = 24 * 14;
/** Without a start date, the daily chart covers the record's retention and the hourly one two days. */
export const DEFAULT_DAYS = 30;
export const DEFAULT_HOURS = 48;

/** The UTC window a chart covers: the filter's days, or the default days or hours up to now. */
export function chartWindow(by: 'day' | 'hour', filter: UsageFilter, now: Date = new Date()): { start: number; end: number } {
  const step = by === 'day' ? DAY_MS : HOUR_MS;
  const current = Math.floor(now.getTime() / step) * step;
  // the last bucket: the end day's last one, never past the current one
  const end = filter.to ? Math.min(dayStart(filter.to) + DAY_MS - step, current) : current;
  const fallback = end - ((by === 'day' ? DEFAULT_DAYS : DEFAULT_HOURS) - 1) * step;
  let start = filter.from ? dayStart(filter.from) : fallback;
  if (start > end) start = end;
  const limit = (by === 'day' ? MAX_DAYS : MAX_HOURS) - 1;
  if ((end - start) / step > limit) start = end - limit * step;
  return { start, end };
}

/** The keys of every bucket of the window, oldest first ("2026-12-01", "2026-12-01T13:00:00Z"). */
export function bucketKeys(by: 'day' | 'hour', window: { start: number; end: number }): string[] {
  const step = by === 'day' ? DAY_MS : HOUR_MS;
  const key = by === 'day' ? isoDay : isoHour;
  const keys: string[] = [];
  for (let at = window.start; at <= window.end; at += step) keys.push(key(at));
  return keys;
}

/** Every bucket of the window, oldest first, with the bytes of the rows (0 where none). */
export function fillBuckets(by: 'day' | 'hour', rows: ReadonlyArray<BreakdownRow | Bucket>, window: { start: number; end: number }): Bucket[] {
  const bytes = new Map<string, number>();
  for (const row of rows) bytes.set(row.key, (bytes.get(row.key) ?? 0) + row.bytes);
  return bucketKeys(by, window).map((key) => ({ key, bytes: bytes.get(key) ?? 0 }));
}

/** The `from` the hourly chart asks for when the filter has none: its window's first hour. */
export const hourFrom = (start: number) => isoHour(start);

/** "25 Nov" for a day, "25 Nov 13:00" for an hour (UTC). */
export function bucketLabel(key: string): string {
  const date = new Date(key.length === 10 ? `${key}T00:00:00Z` : key);
  const day = `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]}`;
  return key.length === 10 ? day : `${day} ${pad(date.getUTCHours())}:00`;
}

/** A time chart's title: the dates its buckets span when the filter has dates, else its default window. */
export function windowTitle(by: 'day' | 'hour', filter: UsageFilter, keys: readonly string[]): string {
  const dated = filter.from !== '' || filter.to !== '';
  if (dated && keys.length > 0) return `${bucketLabel(keys[0]!)} – ${bucketLabel(keys[keys.length - 1]!)} (UTC)`;
  return by === 'day' ? `Last ${DEFAULT_DAYS} days (UTC)` : `Last ${DEFAULT_HOURS} hours (UTC)`;
}

/** "requests-premium-2026-11-25.csv": the kind and today's UTC date. */
/** The formats the records export as. */
export type RecordsFormat = 'csv' | 'json';

export const recordsFileName = (kind: ProxyKind, format: RecordsFormat, now: Date = new Date()) => `requests-${kind}-${isoDay(now.getTime())}.${format}`;

/** The columns of a breakdown table's CSV and JSON files (the screen's figures, bytes exact). */
export function breakdownColumns(by: 'host' | 'credential'): Array<ExportColumn<BreakdownRow>> {
  return [
    { key: by, value: (row) => row.key },
    ...(by === 'credential' ? [{ key: 'credential_kind', value: (row: BreakdownRow) => row.credentialKind ?? '' }] : []),
    { key: 'requests', value: (row) => row.requests },
    { key: 'not_charged', value: (row) => row.notCharged },
    { key: 'bytes_up', value: (row) => row.bytesUp },
    { key: 'bytes_down', value: (row) => row.bytesDown },
    { key: 'bytes', value: (row) => row.bytes },
  ];
}
