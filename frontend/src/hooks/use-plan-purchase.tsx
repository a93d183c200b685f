// Buying a plan: a confirmation dialog ("Buy Plan" / "Are you sure you want to buy this
// plan?" / "Buy"), busy while the purchase is pending; success toast with the server message.
// A traffic plan's dialog also takes an optional custom amount of GB, priced as the server prices
// it (the plan's volume tier for the amount, or its price over its GB rounded up to the cent; the
// customer's own price applied), and a coupon code checked before the purchase. A refusal for an
// insufficient balance offers Add funds with the missing amount, in the toast and in the dialog.
import { useId, useState } from 'react';
import { ConfirmPurchaseDialog } from '@/components/confirm-purchase-dialog';
import { inputClasses } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { CouponField } from '@/components/coupon-field';
import { PlanPrice } from '@/components/plans/plan-price';
import { customGbSchema, planChoice, useBuyPlan } from '@/lib/buy-plan';
import { type CouponResult, useCoupon } from '@/lib/coupons';
import { formatMoney } from '@/lib/format';
import { offerAddFunds } from '@/lib/insufficient-balance';
import { useSession } from '@/lib/session';
import { isTrafficKind, type ProxyKind } from '@/lib/kinds';
import { customPrice, customQuote, type Plan } from '@/lib/plans';
import { notify } from '@/lib/toast';
import { plural } from '@/lib/plural';

export const BUY_PLAN_TITLE = 'Buy Plan';
export const BUY_PLAN_QUESTION = 'Are you sure you want to buy this plan?';

/** Posts the purchase and shows the toasts; `onDone` runs after a success. `missing`: the
 * dollars the last refused purchase lacked (402 "Insufficient balance"), else null. */
export function usePurchase(kind: ProxyKind) {
  const buyPlan = useBuyPlan();
  const { user } = useSession();
  const [missing, setMissing] = useState<number | null>(null);
  function buy(plan: Plan, onDone?: () => void, customGb: number | null = null, coupon: CouponResult & { code: string } | null = null) {
    // Only traffic plans are bought here (POST /api/user/get_plan takes premium or budget); the
    // callers send a piece plan to its buy form instead.
    if (!isTrafficKind(kind)) return;
    setMissing(null);
    const price = coupon?.price ?? (customGb === null ? plan.price : (customPrice(plan, customGb) ?? plan.price));
    buyPlan.mutate(
      { type: kind, plan, customGb, coupon: coupon?.code ?? null },
      {
        onSuccess: ({ message }) => {
          notify.success(message);
          onDone?.();
        },
        onError: (error) => {
          const short = offerAddFunds(error, price, user?.balance ?? 0);
          if (short === null) notify.error(errorMessage(error));
          setMissing(short);
        },
      },
    );
  }
  return { buy, isPending: buyPlan.isPending, missing, clearMissing: () => setMissing(null) };
}

/** What is bought for what total (the dialog's summary line), with the coupon's price once it
 * applies. */
function summary(kind: ProxyKind, plan: Plan, customGb: number | null, coupon: CouponResult | null) {
  if (!isTrafficKind(kind)) {
    return (
      <>
        {plan.name || plural(plan.amount, 'piece', 'pieces')} for <span className="font-semibold">{formatMoney(plan.price)}</span>, paid from your wallet
        balance.
      </>
    );
  }
  const gb = customGb ?? plan.amount;
  const quote = customGb === null ? null : customQuote(plan, customGb);
  const price = coupon?.valid ? coupon.price : (quote?.price ?? plan.price);
  const list = coupon?.valid ? coupon.listPrice : customGb === null ? plan.listPrice : quote?.list;
  return (
    <>
      {gb} GB for <PlanPrice price={price} listPrice={list} className="font-semibold" />
      {quote?.tier && ` (volume price from ${quote.tier.minGb} GB)`}, paid from your wallet balance.
    </>
  );
}

/** A "Buy now" flow: `ask(plan)` opens the confirmation; `dialog` renders it. */
export function usePlanPurchase(kind: ProxyKind) {
  const [plan, setPlan] = useState<Plan | null>(null);
  const [custom, setCustom] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { buy, isPending, missing, clearMissing } = usePurchase(kind);
  const fieldId = useId();
  const close = () => {
    clearMissing();
    setPlan(null);
  };
  const ask = (next: Plan) => {
    clearMissing();
    coupon.reset();
    setCustom('');
    setError(null);
    setPlan(next);
  };
  const parsed = customGbSchema.safeParse(custom);
  const customGb = parsed.success ? parsed.data : null;
  const tier = plan && isTrafficKind(kind) ? customQuote(plan, 1) : null;
  const coupon = useCoupon(plan && isTrafficKind(kind) ? { type: kind, ...planChoice(plan), ...(customGb === null ? {} : { gb: customGb }) } : null);
  function confirm() {
    if (!plan) return;
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    buy(plan, close, customGb, coupon.applied && coupon.result ? { ...coupon.result, code: coupon.applied } : null);
  }
  const dialog = (
    <ConfirmPurchaseDialog
      open={plan !== null}
      title={BUY_PLAN_TITLE}
      question={BUY_PLAN_QUESTION}
      summary={plan && summary(kind, plan, customGb, coupon.result)}
      busy={isPending}
      onConfirm={confirm}
      onClose={close}
      missing={missing}
    >
      {plan && tier !== null && (
        <div className="mt-4">
          <label htmlFor={fieldId} className="mb-1.5 block text-sm font-medium">
            Custom amount (GB)
          </label>
          <input
            id={fieldId}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            placeholder={String(plan.amount)}
            value={custom}
            onChange={(event) => {
              // Kept exactly as typed: a decimal point or any other character is refused with
              // the rule, never dropped (dropping it turned "2.5" into 25 GB).
              const text = event.target.value;
              const checked = customGbSchema.safeParse(text);
              setCustom(text);
              setError(/^\s*\d*\s*$/.test(text) || checked.success ? null : (checked.error.issues[0]?.message ?? null));
            }}
            aria-invalid={error !== null}
            aria-describedby={`${fieldId}-hint`}
            className={`${inputClasses} border-slate-300 dark:border-slate-700`}
          />
          <p id={`${fieldId}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-300">
            Optional: any whole number of GB from 1 to 10000 at {formatMoney(tier.price)} per GB
            {plan.tiers && plan.tiers.length > 0 && `, less from ${plan.tiers[0]!.minGb} GB`}.
          </p>
          {error && (
            <p role="alert" className="mt-1 text-sm text-red-700 dark:text-red-300">
              {error}
            </p>
          )}
          <CouponField coupon={coupon} />
        </div>
      )}
    </ConfirmPurchaseDialog>
  );
  return { ask, dialog };
}
