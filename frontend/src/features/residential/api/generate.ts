// POST /api/user/generate (premium) and POST /api/user/generate_budget (budget): the first proxy of
// the answer and its message. On success the kind's proxy history and the stats are refreshed.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, unwrap } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { BudgetBody, PremiumBody } from '../generate-request';

export const PROXY_GENERATED = 'Proxy generated successfully';

export type GenerateInput = { kind: 'premium'; body: PremiumBody } | { kind: 'budget'; body: BudgetBody };

export function useGenerate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ kind, body }: GenerateInput) => {
      const payload = await unwrap(api.POST(kind === 'premium' ? '/api/user/generate' : '/api/user/generate_budget', { body }));
      const proxy = payload.proxies[0];
      if (!proxy) throw new ApiError('No proxy was returned', 200);
      return { proxy, message: payload.message || PROXY_GENERATED };
    },
    onSuccess: (_data, { kind }) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.proxyHistory(kind) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.stats });
      void queryClient.invalidateQueries({ queryKey: queryKeys.usage(kind) });
    },
  });
}
