// The checkout's coupon: a code field with Apply, then what the purchase costs with it ("Coupon
// applied") or why it does not apply, in the server's words. `useCoupon` keeps the code and the
// answer; an answer for other inputs (another plan, amount or quantity) is forgotten, so the
// total shown is always the one the purchase will be charged.
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { type CouponRequest, type CouponResult, useCouponCheck } from '@/lib/coupons';
import { formatMoney } from '@/lib/format';

export type Coupon = {
  code: string;
  setCode: (code: string) => void;
  /** The checked answer for the current inputs, or null. */
  result: CouponResult | null;
  /** The code to send with the purchase: set only once it applies. */
  applied: string | null;
  apply: () => void;
  checking: boolean;
  error: string | null;
  reset: () => void;
};

export function useCoupon(request: CouponRequest | null): Coupon {
  const [code, setCode] = useState('');
  const [answer, setAnswer] = useState<{ key: string; result: CouponResult } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const check = useCouponCheck();
  const key = JSON.stringify([code.trim().toUpperCase(), request]);
  const result = answer && answer.key === key ? answer.result : null;
  return {
    code,
    setCode: (next) => {
      setCode(next);
      setError(null);
    },
    result,
    applied: result?.valid ? code.trim() : null,
    checking: check.isPending,
    error,
    apply: () => {
      if (!request || code.trim() === '') return;
      setError(null);
      check.mutate(
        { code: code.trim(), request },
        {
          onSuccess: (next) => setAnswer({ key, result: next }),
          onError: (failure) => setError(errorMessage(failure)),
        },
      );
    },
    reset: () => {
      setCode('');
      setAnswer(null);
      setError(null);
    },
  };
}

export function CouponField({ coupon }: { coupon: Coupon }) {
  const id = useId();
  const { result } = coupon;
  const message = coupon.error ?? result?.message ?? null;
  const good = coupon.error === null && result?.valid === true;
  return (
    <div className="mt-4">
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium">
        Coupon code
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          type="text"
          autoComplete="off"
          spellCheck={false}
          value={coupon.code}
          onChange={(event) => coupon.setCode(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              coupon.apply();
            }
          }}
          aria-describedby={message ? `${id}-result` : undefined}
          aria-invalid={message !== null && !good}
          className={`${inputClasses} border-slate-300 uppercase dark:border-slate-700`}
        />
        <Button variant="outline" onClick={coupon.apply} busy={coupon.checking} disabled={coupon.code.trim() === ''}>
          Apply
        </Button>
      </div>
      {message && (
        <p
          id={`${id}-result`}
          role="status"
          className={good ? 'mt-1 text-sm text-emerald-700 dark:text-emerald-300' : 'mt-1 text-sm text-red-700 dark:text-red-300'}
        >
          {good && result ? `${message}: ${formatMoney(result.discount)} off, ${formatMoney(result.price)} to pay.` : message}
        </p>
      )}
    </div>
  );
}
