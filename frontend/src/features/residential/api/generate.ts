// POST /api/user/generate (premium) and POST /api/user/generate_budget (budget): every line of
// the answer (one per requested quantity) and its message. On success the kind's proxy history and the stats are refreshed.
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
      if (payload.proxies.length === 0) throw new ApiError('No proxy was returned', 200);
      return { proxies: payload.proxies, message: payload.message || PROXY_GENERATED };
    },
    onSuccess: (_data, { kind }) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.proxyHistory(kind) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.stats });
      void queryClient.invalidateQueries({ queryKey: queryKeys.usage(kind) });
    },
  });
}
