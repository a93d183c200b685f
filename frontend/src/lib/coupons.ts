// A coupon at checkout: POST /api/user/coupons/check says what the purchase would cost with it,
// or why it does not apply; the purchase then sends the code (`coupon`) and the server decides
// again in the purchase itself (docs/api.md#coupons).
import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from './api-client';
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
