// POST /api/user/get_plan {type, amount}: buys a traffic plan from the wallet. Not in openapi.json
// yet (later issue); on success the session is refetched so the new balance shows.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { ProxyKind } from '@/lib/kinds';
import { sessionQueryKey } from '@/lib/session';

export const PLAN_PURCHASED = 'Plan purchased successfully';

export function useBuyPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { type: ProxyKind; amount: number }) => {
      const payload = await apiRequest('/api/user/get_plan', { method: 'POST', body: input });
      const message =
        typeof payload === 'object' && payload !== null && typeof (payload as { message?: unknown }).message === 'string'
          ? (payload as { message: string }).message
          : PLAN_PURCHASED;
      return message;
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['stats'] });
    },
  });
}
