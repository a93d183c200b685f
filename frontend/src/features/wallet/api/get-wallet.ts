// GET /api/user/wallet?page&perPage: balance, one page of the ledger and the 20 most recent
// payments. The contract types `kind` and `status` as open strings, so they are narrowed here to
// the values the screens label (anything new shows as "Other" / "Unknown").
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { Schemas } from '@/lib/api-types';
import { queryKeys } from '@/lib/query-keys';
import { checkoutUrl } from '../checkout-url';

export const LEDGER_KINDS = ['topup', 'purchase', 'referral_bonus', 'refund', 'admin_adjustment', 'sla_credit', 'client_sale'] as const;
export const PAYMENT_STATUSES = ['pending', 'paid', 'paid_over', 'wrong_amount', 'cancel', 'expired', 'failed'] as const;

export type LedgerEntry = Omit<Schemas['LedgerEntry'], 'kind' | 'note'> & {
  kind: (typeof LEDGER_KINDS)[number] | 'other';
  note: string | null;
};
export type Payment = Omit<Schemas['PaymentSummary'], 'status' | 'url'> & {
  status: (typeof PAYMENT_STATUSES)[number] | 'unknown';
  url: string | null;
};
export type Wallet = Omit<Schemas['WalletHistory'], 'entries' | 'payments'> & { entries: LedgerEntry[]; payments: Payment[] };

export const PER_PAGE = 20;

const oneOf = <T extends string>(values: readonly T[], value: string): T | undefined => values.find((v) => v === value);

export function toWallet(history: Schemas['WalletHistory']): Wallet {
  return {
    ...history,
    entries: history.entries.map((entry) => ({ ...entry, kind: oneOf(LEDGER_KINDS, entry.kind) ?? 'other', note: entry.note ?? null })),
    payments: history.payments.map((payment) => ({
      ...payment,
      status: oneOf(PAYMENT_STATUSES, payment.status) ?? 'unknown',
      url: checkoutUrl(payment.url),
    })),
  };
}

/** Poll every 5 s for at most ~10 minutes while the payment the customer came back from is pending. */
const POLL_MS = 5000;
const POLL_LIMIT = 120;

export function walletQueryOptions(page: number, returnedPaymentId: string | null = null) {
  return queryOptions({
    queryKey: queryKeys.wallet(page, PER_PAGE),
    queryFn: async ({ signal }) =>
      toWallet(await unwrap(api.GET('/api/user/wallet', { params: { query: { page, perPage: PER_PAGE } }, signal }))),
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: true,
    refetchInterval: (query) => {
      if (!returnedPaymentId || query.state.dataUpdateCount > POLL_LIMIT) return false;
      const payment = query.state.data?.payments.find((p) => p.id === returnedPaymentId);
      // a payment missing from the recent list gets a few more looks, not ten minutes of them
      if (!payment) return query.state.dataUpdateCount <= 3 ? POLL_MS : false;
      return payment.status === 'pending' ? POLL_MS : false;
    },
  });
}
