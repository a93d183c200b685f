// What the abuse queue and the case page share besides components: the statuses, the message rule
// of a reply or warning, and a case's window as read.
import type { AbuseCase } from '../../api/abuse';

export const CASE_STATUSES = [
  { value: 'open', label: 'open' },
  { value: 'answered', label: 'answered' },
  { value: 'closed', label: 'closed' },
] as const;

/** The server's message for a reply or a warning outside 10–5000 characters. */
export const ABUSE_MESSAGE = 'Please write a message of 10–5000 characters (line breaks allowed)';

const utc = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 19).replace('T', ' ');

/** `2026-11-29 14:00:00 – 14:10:00` (UTC; the end's date only when it differs). */
export function windowText({ from, to }: Pick<AbuseCase, 'from' | 'to'>): string {
  const [start, end] = [utc(from), utc(to)];
  return `${start} – ${end.slice(0, 10) === start.slice(0, 10) ? end.slice(11) : end}`;
}
