// The checkout's coupon: a code field with Apply, then what the purchase costs with it ("Coupon
// applied") or why it does not apply, in the server's words (the state: `useCoupon`).
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/field';
import type { Coupon } from '@/lib/coupons';
import { formatMoney } from '@/lib/format';

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
          {good ? `${message}: ${formatMoney(result.discount)} off, ${formatMoney(result.price)} to pay.` : message}
        </p>
      )}
    </div>
  );
}
