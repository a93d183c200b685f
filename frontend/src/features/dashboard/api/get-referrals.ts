// GET /api/user/referrals: the customer's referral code, bonus percent, totals and the bonuses
// earned (the referred customer's email comes masked from the API).
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { referralsQueryRoot } from '@/lib/wallet-sync';

export const referralsQueryOptions = queryOptions({
  queryKey: referralsQueryRoot,
  queryFn: ({ signal }) => apiGet('/api/user/referrals', { signal }),
  refetchOnWindowFocus: true,
});
