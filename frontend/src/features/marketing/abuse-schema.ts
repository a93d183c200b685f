// The abuse report form's rules with the server's messages (crates/domain/src/messages.rs), and
// the conversion of its local times to the RFC 3339 instants the API takes.
import { z } from '@/lib/zod';
import { emailSchema } from '@/lib/form-rules';

export const ABUSE_MESSAGES = {
  destination: 'Enter the destination as a host name (example.com) or an IP address',
  from: 'Enter the start as an RFC 3339 time, e.g. 2026-11-29T14:03:00Z',
  to: 'Enter the end as an RFC 3339 time, e.g. 2026-11-29T14:10:00Z',
  window: 'The time window must end after it starts and span at most 24 hours',
  port: 'Port must be a whole number from 1 to 65535',
  description: 'Please describe what happened in 10–5000 characters (line breaks allowed)',
  evidence: 'Evidence can be at most 20000 characters (line breaks allowed, no other control characters)',
} as const;

const HOST = /^(?:[A-Za-z0-9_-]{1,63}\.)+[A-Za-z0-9_-]{1,63}\.?$/;
const IP = /^\[?[0-9A-Fa-f:.]+\]?$/;
const DAY_MS = 24 * 3600 * 1000;

/** A `datetime-local` value (the reporter's local time) as an RFC 3339 instant in UTC; null when blank or invalid. */
export function toInstant(local: string): string | null {
  if (!local) return null;
  const at = new Date(local);
  return Number.isNaN(at.getTime()) ? null : at.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export const abuseReportSchema = z
  .object({
    reporterEmail: emailSchema,
    destination: z
      .string()
      .trim()
      .refine((value) => HOST.test(value) || IP.test(value), ABUSE_MESSAGES.destination),
    port: z
      .string()
      .trim()
      .refine((value) => value === '' || (/^\d{1,5}$/.test(value) && Number(value) >= 1 && Number(value) <= 65535), ABUSE_MESSAGES.port),
    from: z.string().refine((value) => toInstant(value) !== null, ABUSE_MESSAGES.from),
    to: z.string().refine((value) => toInstant(value) !== null, ABUSE_MESSAGES.to),
    description: z.string().trim().min(10, ABUSE_MESSAGES.description).max(5000, ABUSE_MESSAGES.description),
    evidence: z.string().trim().max(20000, ABUSE_MESSAGES.evidence),
  })
  .refine(
    ({ from, to }) => {
      const [start, end] = [toInstant(from), toInstant(to)];
      if (!start || !end) return true;
      const span = Date.parse(end) - Date.parse(start);
      return span > 0 && span <= DAY_MS;
    },
    { path: ['to'], message: ABUSE_MESSAGES.window },
  );

export type AbuseReportValues = z.infer<typeof abuseReportSchema>;
