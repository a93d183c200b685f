// GET/PUT /api/user/auto_topup: per traffic kind, "when what is left falls below X GB, buy plan P"
// (off by default). Saving a setting that is already below its threshold buys at once, which
// changes the balance, the traffic and the notifications: they are refreshed too.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { Schemas } from '@/lib/api-types';
import { queryKeys } from '@/lib/query-keys';

export type AutoTopupItem = Schemas['AutoTopupItem'];
export type AutoTopupBody = Schemas['AutoTopupRequest'];

export const autoTopupQueryOptions = queryOptions({
  queryKey: queryKeys.autoTopup,
  queryFn: ({ signal }) => unwrap(api.GET('/api/user/auto_topup', { signal })),
});

export function useAutoTopup() {
  return useQuery(autoTopupQueryOptions);
}

export const saveAutoTopup = (body: AutoTopupBody) => unwrap(api.PUT('/api/user/auto_topup', { body }));

export function useSaveAutoTopup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAutoTopup,
    onSuccess: (data) => {
      queryClient.setQueryData(queryKeys.autoTopup, data);
      void queryClient.invalidateQueries({ queryKey: queryKeys.session });
      void queryClient.invalidateQueries({ queryKey: queryKeys.stats });
      void queryClient.invalidateQueries({ queryKey: queryKeys.notifications });
    },
  });
}
