// The data side of the overview's margins: the chart's per-day rows and the figures as shown.
import { formatMoney } from '@/lib/format';
import type { Margins } from '../../types';

/** One row per day with each kind's margin in USD, oldest first (the kinds' days are aligned). */
export function marginRows(margins: Margins): Array<Record<string, string | number>> {
  const rows = new Map<string, Record<string, string | number>>();
  for (const kind of margins.kinds) {
    for (const day of kind.perDay) {
      const row = rows.get(day.day) ?? { day: day.day };
      row[kind.type] = day.margin;
      rows.set(day.day, row);
    }
  }
  return [...rows.values()];
}

/** Money with its sign in front: "-$1.50" for a loss. */
export function signedMoney(dollars: number): string {
  return dollars < 0 ? `-${formatMoney(-dollars)}` : formatMoney(dollars);
}

/** "41.6%", or a dash without revenue. */
export function formatPercent(percent: number | null | undefined): string {
  return percent === null || percent === undefined ? '—' : `${percent.toFixed(1)}%`;
}
