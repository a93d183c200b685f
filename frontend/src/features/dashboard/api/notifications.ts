// GET /api/user/notifications (the newest 20, and the unread count) and
// POST /api/user/notifications/read (some, or all when `ids` is left out). The bell re-reads the
// list every minute (NOTIFICATIONS_POLL_MS) so that an alert fired by the server's job shows
// without a reload.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const notificationsQueryOptions = queryOptions({
  queryKey: queryKeys.notifications,
  queryFn: ({ signal }) => unwrap(api.GET('/api/user/notifications', { params: { query: { perPage: 20 } }, signal })),
});

/** How often the bell re-reads the list. */
export const NOTIFICATIONS_POLL_MS = 60_000;

export function useNotifications() {
  return useQuery(notificationsQueryOptions);
}

export const markNotificationsRead = (ids?: number[]) =>
  unwrap(api.POST('/api/user/notifications/read', { body: ids ? { ids } : {} }));

export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications }),
  });
}
