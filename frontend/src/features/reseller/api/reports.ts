// GET /api/reseller/reports/clients?from=&to=&type=: each client's moves, use, revenue and cost in
// a window (as JSON for the table, as the CSV attachment for the file), and GET and PUT
// /api/reseller/alerts: the GB of the reseller's own pools below which it is notified.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { Schemas } from '@/lib/api-types';
import { queryKeys } from '@/lib/query-keys';

export type ClientReport = Schemas['ClientReport'];
export type PoolAlerts = Schemas['PoolAlertsRequest'];
/** `from` and `to` days (YYYY-MM-DD, `to` included whole); `type` one kind, blank for all. */
export type ReportFilter = { from: string; to: string; type: '' | 'premium' | 'budget' };

const query = (filter: ReportFilter) => ({ from: filter.from, to: filter.to, ...(filter.type ? { type: filter.type } : {}) });

export const reportQueryOptions = (filter: ReportFilter) =>
  queryOptions({
    queryKey: queryKeys.resellerReport(filter),
    queryFn: ({ signal }) => unwrap(api.GET('/api/reseller/reports/clients', { params: { query: query(filter) }, signal })),
    placeholderData: keepPreviousData,
  });

export function useReport(filter: ReportFilter) {
  return useQuery(reportQueryOptions(filter));
}

/** The same report as the CSV file (fetched, so that a refusal shows its message instead of being saved). */
export function useReportCsv() {
  return useMutation({
    mutationFn: (filter: ReportFilter): Promise<Blob> =>
      unwrap(api.GET('/api/reseller/reports/clients', { params: { query: { ...query(filter), format: 'csv' } }, headers: { Accept: 'text/csv' }, parseAs: 'blob' })),
  });
}

export const alertsQueryOptions = queryOptions({
  queryKey: queryKeys.resellerAlerts,
  queryFn: ({ signal }) => unwrap(api.GET('/api/reseller/alerts', { signal })),
});

export function useAlerts() {
  return useQuery(alertsQueryOptions);
}

export function useSaveAlerts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PoolAlerts) => unwrap(api.PUT('/api/reseller/alerts', { body })),
    onSuccess: (alerts) => queryClient.setQueryData(queryKeys.resellerAlerts, alerts),
  });
}
