// Number and date formatting shared by every screen.
const usd = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Dollars with exactly two decimals, e.g. 12.5 -> "$12.50". */
export function formatMoney(dollars: number): string {
  return `$${usd.format(Number.isFinite(dollars) ? dollars : 0)}`;
}

/** A plain number with two decimals (GB, balances without the sign). */
export function formatFixed2(value: number): string {
  return (Number.isFinite(value) ? value : 0).toFixed(2);
}

/** "12 Mar 2025" */
export function formatDate(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
}

/** Compact count, e.g. 36_500_000 -> "36.5M", 580_000 -> "0.58M". */
export function formatMillions(value: number, decimals = 1): string {
  return `${(value / 1_000_000).toFixed(decimals).replace(/\.0+$/, '')}M`;
}

/** A unix time in seconds as a Date. */
export function fromUnixSeconds(seconds: number): Date {
  return new Date(seconds * 1000);
}

/** "12 Mar 2025, 14:05" (local time). */
export function formatDateTime(value: Date): string {
  const time = value.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  return `${formatDate(value)}, ${time}`;
}

/** A signed amount of dollars: "+$2.50", "−$15.00" (a true minus sign), "$0.00". */
export function formatSignedMoney(dollars: number): string {
  if (!Number.isFinite(dollars) || dollars === 0) return formatMoney(0);
  return `${dollars > 0 ? '+' : '\u2212'}${formatMoney(Math.abs(dollars))}`;
}

/** MB in a GB, as the shop counts them (decimal: 1 GB = 1000 MB = 10^9 bytes). */
export const MB_PER_GB = 1000;

/** An amount of traffic given in GB, as every screen shows it: whole MB below 1 GB ("90 MB",
 * "< 1 MB" for a little above nothing), GB with two decimals from 1 GB up ("12.50 GB"). */
export function formatTraffic(gb: number): string {
  const value = Number.isFinite(gb) ? gb : 0;
  const sign = value < 0 ? '-' : '';
  const size = Math.abs(value);
  const mb = Math.round(size * MB_PER_GB);
  if (mb >= MB_PER_GB) return `${sign}${size.toFixed(2)} GB`;
  if (mb === 0 && size > 0) return `${sign}< 1 MB`;
  return `${sign}${mb} MB`;
}

/** Remaining traffic in MB, for beside its two-decimal GB figure (docs/screens.md): only while
 * it is above nothing and shows in MB ("90 MB"); otherwise null. */
export function remainingInMb(gb: number): string | null {
  const text = formatTraffic(gb);
  return gb > 0 && text.endsWith(' MB') ? text : null;
}
