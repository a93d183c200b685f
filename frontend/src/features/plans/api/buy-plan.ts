// POST /api/user/get_plan {type, planId} ({type, amount} for a plan without a server id, e.g. a
// built-in sample): buys a traffic plan from the wallet. The returned user replaces the one in the
// session cache (the balance in the top bar updates at once); stats and the wallet refetch.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import type { PostBody } from '@/lib/api-types';
import type { ProxyKind } from '@/lib/kinds';
import type { Plan } from '@/lib/plans';
import { sessionQueryKey } from '@/lib/session';
import { walletQueryRoot } from '@/lib/wallet-sync';

export const PLAN_PURCHASED = 'Plan purchased successfully';

export function purchaseBody(type: ProxyKind, plan: Plan): PostBody<'/api/user/get_plan'> {
  const id = Number(plan.id);
  return /^\d+$/.test(plan.id) && Number.isSafeInteger(id) ? { type, planId: id } : { type, amount: plan.amount };
}

export function useBuyPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ type, plan }: { type: ProxyKind; plan: Plan }) => {
      const payload = await apiPost('/api/user/get_plan', purchaseBody(type, plan));
      return { message: payload.message || PLAN_PURCHASED, user: payload.user };
    },
    onSuccess: ({ user }) => {
      queryClient.setQueryData(sessionQueryKey, user);
      void queryClient.invalidateQueries({ queryKey: ['stats'] });
      void queryClient.invalidateQueries({ queryKey: walletQueryRoot });
    },
  });
}
