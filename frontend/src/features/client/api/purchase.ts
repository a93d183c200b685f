// POST /api/client/purchases {type, gb}: a reseller's client buys GB from its reseller at the
// reseller's price, paid from its own wallet. The answer is the user (the new balance); the traffic
// figures are read again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { Schemas } from '@/lib/api-types';
import { queryKeys } from '@/lib/query-keys';

export type ClientPurchase = Schemas['ClientPurchaseRequest'];

export function useClientPurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ClientPurchase) => unwrap(api.POST('/api/client/purchases', { body })),
    onSuccess: (data) => {
      queryClient.setQueryData(queryKeys.session, data.user);
      void queryClient.invalidateQueries({ queryKey: queryKeys.session });
      void queryClient.invalidateQueries({ queryKey: queryKeys.stats });
    },
  });
}
