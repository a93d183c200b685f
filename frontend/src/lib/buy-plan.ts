// POST /api/user/get_plan {type, planId} ({type, amount} for a plan without a server id, e.g. a
// built-in sample), optionally with customGb (that many GB at the plan's volume price) and a
// coupon code: buys
// traffic from the wallet. The returned user replaces the one in the
// session cache (the balance in the top bar updates at once); stats and the wallet refetch.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api, unwrap } from './api-client';
import type { PostBody } from './api-types';
import type { TrafficKind } from './kinds';
import type { Plan } from './plans';
import { queryKeys } from './query-keys';

export const PLAN_PURCHASED = 'Plan purchased successfully';
export const MAX_CUSTOM_GB = 10_000;
export const CUSTOM_GB_RANGE = 'Custom amount must be a whole number of GB from 1 to 10000';

/** The custom amount field's text: empty (buy the plan as it is) or a whole number of GB. */
export const customGbSchema = z
  .string()
  .trim()
  .refine((text) => text === '' || /^\d+$/.test(text), CUSTOM_GB_RANGE)
  .transform((text) => (text === '' ? null : Number(text)))
  .refine((gb) => gb === null || (gb >= 1 && gb <= MAX_CUSTOM_GB), CUSTOM_GB_RANGE);

/** Which plan a request names: its server id, or its amount for a plan without one. */
export function planChoice(plan: Plan): { planId: number } | { amount: number } {
  const id = Number(plan.id);
  return /^\d+$/.test(plan.id) && Number.isSafeInteger(id) ? { planId: id } : { amount: plan.amount };
}

export function purchaseBody(type: TrafficKind, plan: Plan, customGb: number | null = null, coupon: string | null = null): PostBody<'/api/user/get_plan'> {
  const chosen = { type, ...planChoice(plan) };
  const sized = customGb === null ? chosen : { ...chosen, customGb };
  return coupon === null ? sized : { ...sized, coupon };
}

export function useBuyPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ type, plan, customGb = null, coupon = null }: { type: TrafficKind; plan: Plan; customGb?: number | null; coupon?: string | null }) => {
      const payload = await unwrap(api.POST('/api/user/get_plan', { body: purchaseBody(type, plan, customGb, coupon) }));
      return { message: payload.message || PLAN_PURCHASED, user: payload.user };
    },
    onSuccess: ({ user }) => {
      queryClient.setQueryData(queryKeys.session, user);
      void queryClient.invalidateQueries({ queryKey: queryKeys.stats });
      void queryClient.invalidateQueries({ queryKey: queryKeys.walletAll });
      void queryClient.invalidateQueries({ queryKey: queryKeys.refundsAll });
    },
  });
}
