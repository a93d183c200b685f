// /api/admin/coupons: every coupon with its uses and what it brought in (list, newest first),
// created (POST, 201) and edited (PATCH: only the fields that change).
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { CouponBody } from '../types';
import { useAdminMutation } from './use-admin-mutation';

export const couponsQueryOptions = queryOptions({
  queryKey: [...queryKeys.adminAll, 'coupons'] as const,
  queryFn: ({ signal }) => unwrap(api.GET('/api/admin/coupons', { signal })),
});

export type SaveCouponInput = { id: number | null; body: CouponBody };

export const saveCoupon = (input: SaveCouponInput) =>
  input.id === null
    ? unwrap(api.POST('/api/admin/coupons', { body: input.body }))
    : unwrap(api.PATCH('/api/admin/coupons/{id}', { params: { path: { id: input.id } }, body: input.body }));

/** Every admin query is refetched after it, the list of coupons included. */
export const useSaveCoupon = () => useAdminMutation(saveCoupon);
