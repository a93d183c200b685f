// The referral balance's calls (docs/api.md#referral-payouts): GET /api/user/referral/payouts (the
// customer's payouts), GET /api/user/referral/ledger (every change of the balance, paged), POST /api/user/referral/transfer (move it to the wallet) and
// POST /api/user/referral/payouts (ask for a payout). Each change refreshes the referral page,
// the wallet and the top bar's balance.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { Schemas } from '@/lib/api-types';
import { queryKeys } from '@/lib/query-keys';
import { invalidateWallet } from '@/lib/wallet-sync';

export type Payout = Schemas['Payout'];
export type PayoutInput = { amount: number; currency: string; address: string };

/** Under the referrals' key, so that whatever refreshes the referrals refreshes these too. */
export const payoutsQueryOptions = queryOptions({
  queryKey: [...queryKeys.referrals, 'payouts'] as const,
  queryFn: ({ signal }) => unwrap(api.GET('/api/user/referral/payouts', { signal })),
});

export type ReferralLedgerEntry = Schemas['ReferralLedgerEntry'];

/** One page of the referral ledger, under the referrals' key like the payouts. */
export const referralLedgerQueryOptions = (page: number, perPage: number) =>
  queryOptions({
    queryKey: [...queryKeys.referrals, 'ledger', page, perPage] as const,
    queryFn: ({ signal }) => unwrap(api.GET('/api/user/referral/ledger', { params: { query: { page, perPage } }, signal })),
  });

export function useMoveToWallet() {
  const queryClient = useQueryClient();
  return useMutation({
    /** `amount` null moves the whole referral balance. */
    mutationFn: (amount: number | null) => unwrap(api.POST('/api/user/referral/transfer', { body: { amount } })),
    onSuccess: () => invalidateWallet(queryClient),
  });
}

export function useRequestPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PayoutInput) => unwrap(api.POST('/api/user/referral/payouts', { body: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.referrals }),
  });
}
