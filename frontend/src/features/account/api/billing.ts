// GET and PUT /api/user/billing: the company, address and VAT id printed on the customer's
// receipts. A save answers the stored details, which become the query's data.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { Schemas } from '@/lib/api-types';
import { queryKeys } from '@/lib/query-keys';

export type BillingDetails = Schemas['BillingView'];
export type BillingBody = Schemas['BillingRequest'];

export const billingQueryOptions = queryOptions({
  queryKey: queryKeys.billing,
  queryFn: ({ signal }) => unwrap(api.GET('/api/user/billing', { signal })),
});

export function useBilling() {
  return useQuery(billingQueryOptions);
}

export const saveBilling = (body: BillingBody) => unwrap(api.PUT('/api/user/billing', { body }));

export function useSaveBilling() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBilling,
    onSuccess: (data) => queryClient.setQueryData(queryKeys.billing, data.billing),
  });
}
