// The data side of the console's charts: series colours, day labels and pivoting usage rows.
import type { UsageDay } from '../types';
import { bytesToGb } from '../format';

/** One colour per series, the same order everywhere (a kind keeps its colour on every chart). */
export const SERIES_COLORS = ['#4f46e5', '#0891b2', '#d97706', '#16a34a', '#db2777', '#7c3aed'];

/** "2026-11-24" -> "24 Nov" */
export function shortDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
}

/** Per-day rows with one GB column per kind, oldest first. */
export function usageRows(usage: UsageDay[]): { rows: Array<Record<string, string | number>>; kinds: string[] } {
  const byDay = new Map<string, Record<string, string | number>>();
  const kinds: string[] = [];
  for (const entry of usage) {
    if (!kinds.includes(entry.type)) kinds.push(entry.type);
    const row = byDay.get(entry.day) ?? { day: entry.day };
    row[entry.type] = Number(row[entry.type] ?? 0) + bytesToGb(entry.bytes);
    byDay.set(entry.day, row);
  }
  const rows = [...byDay.values()].sort((a, b) => String(a.day).localeCompare(String(b.day)));
  for (const row of rows) for (const kind of kinds) row[kind] ??= 0;
  return { rows, kinds };
}
