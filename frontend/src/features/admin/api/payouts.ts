// The operator's referral payouts (docs/admin-api/payouts.md): GET /api/admin/payouts?status&page&perPage,
// POST /api/admin/payouts/{id}/approve (sends it through the payout provider) and
// POST /api/admin/payouts/{id}/refuse {reason} (the amount returns to the customer's referral balance).
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useAdminMutation } from './use-admin-mutation';

export const PAYOUT_STATUSES = ['requested', 'approved', 'processing', 'paid', 'failed', 'refused'] as const;

export const payoutsQueryOptions = (status: string, page: number, perPage: number) =>
  queryOptions({
    queryKey: [...queryKeys.adminAll, 'payouts', { status, page, perPage }] as const,
    queryFn: ({ signal }) =>
      unwrap(api.GET('/api/admin/payouts', { params: { query: { status: status || undefined, page, perPage } }, signal })),
    placeholderData: keepPreviousData,
  });

export const useApprovePayout = () =>
  useAdminMutation((id: number) => unwrap(api.POST('/api/admin/payouts/{id}/approve', { params: { path: { id } } })));

export const useRefusePayout = () =>
  useAdminMutation(({ id, reason }: { id: number; reason: string }) =>
    unwrap(api.POST('/api/admin/payouts/{id}/refuse', { params: { path: { id } }, body: { reason } })),
  );
