// GET /api/user/referrals: the customer's referral code, bonus percent, totals and the bonuses
// earned (the referred customer's email comes masked from the API).
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const referralsQueryOptions = queryOptions({
  queryKey: queryKeys.referrals,
  queryFn: ({ signal }) => unwrap(api.GET('/api/user/referrals', { signal })),
  refetchOnWindowFocus: true,
});
