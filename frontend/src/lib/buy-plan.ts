// POST /api/user/get_plan {type, planId} ({type, amount} for a plan without a server id, e.g. a
// built-in sample): buys a traffic plan from the wallet. The returned user replaces the one in the
// session cache (the balance in the top bar updates at once); stats and the wallet refetch.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from './api-client';
import type { PostBody } from './api-types';
import type { TrafficKind } from './kinds';
import type { Plan } from './plans';
import { queryKeys } from './query-keys';

export const PLAN_PURCHASED = 'Plan purchased successfully';

export function purchaseBody(type: TrafficKind, plan: Plan): PostBody<'/api/user/get_plan'> {
  const id = Number(plan.id);
  return /^\d+$/.test(plan.id) && Number.isSafeInteger(id) ? { type, planId: id } : { type, amount: plan.amount };
}

export function useBuyPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ type, plan }: { type: TrafficKind; plan: Plan }) => {
      const payload = await unwrap(api.POST('/api/user/get_plan', { body: purchaseBody(type, plan) }));
      return { message: payload.message || PLAN_PURCHASED, user: payload.user };
    },
    onSuccess: ({ user }) => {
      queryClient.setQueryData(queryKeys.session, user);
      void queryClient.invalidateQueries({ queryKey: queryKeys.stats });
      void queryClient.invalidateQueries({ queryKey: queryKeys.walletAll });
    },
  });
}
