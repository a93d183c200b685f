// How the console words traffic: bytes from the API, shown as the shop shows GB (1 GB = 10^9 bytes).
import { formatDateTime, formatTraffic, fromUnixSeconds } from '@/lib/format';
import { kindName } from '@/lib/kinds';

export const BYTES_PER_GB = 1e9;

export const bytesText = (bytes: number) => formatTraffic(bytes / BYTES_PER_GB);

/** "Premium Residential", "Budget Residential" for the two kinds sold by the GB. */
export const trafficKindName = (type: string) => kindName(type);

export const whenText = (seconds: number) => formatDateTime(fromUnixSeconds(seconds));

export const MUTED = 'text-slate-600 dark:text-slate-400';
