// GET /api/user/refunds/eligibility?type= and POST /api/user/refunds {type}: whether the latest
// purchase of a traffic kind can be refunded now (amount, GB, the reason), and the refund itself.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { GeneratorKind } from '../generate-request';

export function refundEligibilityQueryOptions(kind: GeneratorKind) {
  return queryOptions({
    queryKey: queryKeys.refundEligibility(kind),
    queryFn: ({ signal }) => unwrap(api.GET('/api/user/refunds/eligibility', { params: { query: { type: kind } }, signal })),
  });
}

export function useRefundEligibility(kind: GeneratorKind) {
  return useQuery(refundEligibilityQueryOptions(kind));
}

/** The refund; on success the balance, the traffic, the wallet and the eligibility are read again. */
export function useRefund(kind: GeneratorKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.POST('/api/user/refunds', { body: { type: kind } })),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.refundsAll });
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.session });
      void queryClient.invalidateQueries({ queryKey: queryKeys.stats });
      void queryClient.invalidateQueries({ queryKey: queryKeys.walletAll });
    },
  });
}
