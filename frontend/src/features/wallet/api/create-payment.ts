// POST /api/payment {amount, method, currency} -> {url, paymentId}: starts a top-up and answers with
// the checkout page to open in a new tab.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, FALLBACK_ERROR, unwrap } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { checkoutUrl } from '../checkout-url';
import type { Currency } from '../schemas';

export type CreatePaymentInput = { amount: number; method: string; currency: Currency };
export type CreatedPayment = { url: string; paymentId: string };

export async function createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
  const created = await unwrap(api.POST('/api/payment', { body: input }));
  const url = checkoutUrl(created.url);
  // never open a link that is not http(s)
  if (!url) throw new ApiError(FALLBACK_ERROR, 200);
  return { url, paymentId: created.paymentId };
}

export function useCreatePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPayment,
    // the new pending payment shows in the wallet's payment list
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.walletAll }),
  });
}
