// Buying a plan: a confirmation dialog ("Buy Plan" / "Are you sure you want to buy this
// plan?" / "Buy"), busy while the purchase is pending; success toast with the server message.
import { useState } from 'react';
import { ConfirmPurchaseDialog } from '@/components/confirm-purchase-dialog';
import { errorMessage } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { isTrafficKind, type ProxyKind } from '@/lib/kinds';
import type { Plan } from '@/lib/plans';
import { notify } from '@/lib/toast';
import { useBuyPlan } from '@/lib/buy-plan';

export const BUY_PLAN_TITLE = 'Buy Plan';
export const BUY_PLAN_QUESTION = 'Are you sure you want to buy this plan?';

/** Posts the purchase and shows the toasts; `onDone` runs after a success. */
export function usePurchase(kind: ProxyKind) {
  const buyPlan = useBuyPlan();
  function buy(plan: Plan, onDone?: () => void) {
    // Only traffic plans are bought here (POST /api/user/get_plan takes premium or budget); the
    // callers send a piece plan to its buy form instead.
    if (!isTrafficKind(kind)) return;
    buyPlan.mutate(
      { type: kind, plan },
      {
        onSuccess: ({ message }) => {
          notify.success(message);
          onDone?.();
        },
        onError: (error) => notify.error(errorMessage(error)),
      },
    );
  }
  return { buy, isPending: buyPlan.isPending };
}

/** A "Buy now" flow: `ask(plan)` opens the confirmation; `dialog` renders it. */
export function usePlanPurchase(kind: ProxyKind) {
  const [plan, setPlan] = useState<Plan | null>(null);
  const { buy, isPending } = usePurchase(kind);
  const close = () => setPlan(null);
  const dialog = (
    <ConfirmPurchaseDialog
      open={plan !== null}
      title={BUY_PLAN_TITLE}
      question={BUY_PLAN_QUESTION}
      summary={
        plan && (
          <>
            {isTrafficKind(kind) ? `${plan.amount} GB` : plan.name || `${plan.amount} pieces`} for{' '}
            <span className="font-semibold">{formatMoney(plan.price)}</span>, paid from your wallet balance.
          </>
        )
      }
      busy={isPending}
      onConfirm={() => plan && buy(plan, close)}
      onClose={close}
    />
  );
  return { ask: setPlan, dialog };
}
