// GET/PUT /api/user/alerts: the thresholds at which the shop alerts the customer (traffic used,
// days before expiry, wallet balance), whether alerts are mailed too, and the webhook URL;
// POST /api/user/alerts/webhook_secret (a new signing secret, answered once) and
// GET /api/user/alerts/deliveries (the webhook's delivery log).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { Schemas } from '@/lib/api-types';
import { queryKeys } from '@/lib/query-keys';

export type AlertSettings = Schemas['AlertsReply'];
export type AlertsBody = Schemas['AlertsRequest'];
export type WebhookDelivery = Schemas['DeliveryItem'];

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
    // The secret in a first save's answer is shown once: it is not kept in the cache.
    onSuccess: (data) => queryClient.setQueryData(queryKeys.alerts, { ...data, webhookSecret: undefined }),
  });
}

export const rotateWebhookSecret = () => unwrap(api.POST('/api/user/alerts/webhook_secret'));

export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateWebhookSecret,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.alerts, exact: true }),
  });
}

export const webhookDeliveriesQueryOptions = queryOptions({
  queryKey: queryKeys.webhookDeliveries,
  queryFn: ({ signal }) =>
    unwrap(api.GET('/api/user/alerts/deliveries', { params: { query: { perPage: 10 } }, signal })),
});

export function useWebhookDeliveries() {
  return useQuery(webhookDeliveriesQueryOptions);
}
