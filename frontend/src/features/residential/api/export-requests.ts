// GET /api/user/requests.csv or requests.json ?type=&from=&to=&host=&outcome=: the records the
// filters match within the export's window (the filter's dates, else the last 24 hours; at most
// the records' retention, 30 days by default: a wider window is refused on `from`) as CSV or as
// a JSON array (streamed by the server), fetched with the session cookie and saved as a file.
// Fetched rather than linked so that a refusal shows its message instead of saving an error as
// the file.
import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { ProxyKind } from '@/lib/kinds';
import { recordQuery, type RecordsFormat, type UsageFilter } from '../usage-records';

export const SAVED: Record<RecordsFormat, string> = { csv: 'CSV file downloaded', json: 'JSON file downloaded' };

/** The widest export window with the default retention of the records (the server names its own
 * limit when it refuses one). */
export const EXPORT_MAX_DAYS = 30;

export async function fetchRequestsFile(kind: ProxyKind, filter: UsageFilter, format: RecordsFormat): Promise<Blob> {
  const params = { query: recordQuery(kind, filter) };
  if (format === 'json') {
    return unwrap(api.GET('/api/user/requests.json', { params, headers: { Accept: 'application/json' }, parseAs: 'blob' }));
  }
  return unwrap(api.GET('/api/user/requests.csv', { params, headers: { Accept: 'text/csv' }, parseAs: 'blob' }));
}

export function useExportRequests() {
  return useMutation({
    mutationFn: ({ kind, filter, format }: { kind: ProxyKind; filter: UsageFilter; format: RecordsFormat }) => fetchRequestsFile(kind, filter, format),
  });
}
