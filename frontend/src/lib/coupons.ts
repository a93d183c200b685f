// A coupon at checkout: POST /api/user/coupons/check says what the purchase would cost with it,
// or why it does not apply; the purchase then sends the code (`coupon`) and the server decides
// again in the purchase itself (docs/api.md#coupons). `useCoupon` keeps the code and the answer;
// an answer for other inputs (another plan, amount or quantity) is forgotten, so the total shown
// is always the one the purchase will be charged.
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { api, errorMessage, unwrap } from './api-client';
import type { PostBody } from './api-types';

export type CouponRequest = Omit<PostBody<'/api/user/coupons/check'>, 'code'>;

export type CouponResult = {
  valid: boolean;
  /** Dollars: what the purchase costs (without the coupon when it does not apply). */
  price: number;
  /** Dollars taken off the list price. */
  discount: number;
  listPrice: number;
  message: string;
};

export function useCouponCheck() {
  return useMutation({
    mutationFn: async ({ code, request }: { code: string; request: CouponRequest }): Promise<CouponResult> =>
      unwrap(api.POST('/api/user/coupons/check', { body: { ...request, code } })),
  });
}

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
