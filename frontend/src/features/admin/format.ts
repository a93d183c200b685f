// Formatting the console shares: unix times, optional times, GB and bytes.
import { formatDateTime, formatTraffic, fromUnixSeconds } from '@/lib/format';

export const when = (seconds: number | null | undefined, none = '—') => (seconds ? formatDateTime(fromUnixSeconds(seconds)) : none);

/** GB as every screen shows traffic: MB below 1 GB, GB with 2 decimals from 1 GB up. */
export const formatGb = formatTraffic;

/** Bytes as GB (1 GB = 10^9 bytes). */
export const bytesToGb = (bytes: number) => bytes / 1e9;

export const PER_PAGE = 50;
