// GET/PUT /api/user/alerts: the thresholds at which the shop alerts the customer (traffic used,
// days before expiry, wallet balance) and whether alerts are mailed too.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { Schemas } from '@/lib/api-types';
import { queryKeys } from '@/lib/query-keys';

export type AlertSettings = Schemas['AlertsReply'];
export type AlertsBody = Schemas['AlertsRequest'];

export const alertsQueryOptions = queryOptions({
  queryKey: queryKeys.alerts,
  queryFn: ({ signal }) => unwrap(api.GET('/api/user/alerts', { signal })),
});

export function useAlerts() {
  return useQuery(alertsQueryOptions);
}

export const saveAlerts = (body: AlertsBody) => unwrap(api.PUT('/api/user/alerts', { body }));

export function useSaveAlerts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAlerts,
    onSuccess: (data) => queryClient.setQueryData(queryKeys.alerts, data),
  });
}
