// Formatting the console shares: unix times, optional times, GB and bytes.
import { formatDateTime, fromUnixSeconds } from '@/lib/format';

export const when = (seconds: number | null | undefined, none = '—') => (seconds ? formatDateTime(fromUnixSeconds(seconds)) : none);

export const formatGb = (value: number) => `${value.toFixed(2)} GB`;

/** Bytes as GB (1 GB = 10^9 bytes). */
export const bytesToGb = (bytes: number) => bytes / 1e9;

export const PER_PAGE = 50;
