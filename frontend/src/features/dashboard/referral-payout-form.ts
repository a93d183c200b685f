// The referral payout form's rules (docs/api.md#referral-payouts), checked before sending with the
// server's own messages: an amount from the shop's minimum up to the referral balance (2 decimals),
// one of the shop's coins, an address of 20 to 100 letters and digits.
import { formatMoney } from '@/lib/format';
import { z } from '@/lib/zod';

export const COINS = ['DOGE', 'TRX', 'LTC', 'USDT'] as const;
export const PAYOUT_MESSAGES = {
  fillAll: 'Please fill all the fields',
  decimals: 'Amount must have at most 2 decimals',
  addressLength: 'Address must be 20 to 100 characters',
  addressChars: 'Address may hold only letters and digits',
  moved: 'Moved to your wallet',
  requested: 'Payout requested: an operator will review it',
} as const;

/** "Amount must be at least $20.00", as the server says it. */
export function belowMinimum(min: number): string {
  return `Amount must be at least ${formatMoney(min)}`;
}

export function payoutSchema(min: number, balance: number) {
  return z.object({
    amount: z
      .string()
      .trim()
      .min(1, PAYOUT_MESSAGES.fillAll)
      .refine((text) => /^\d+(\.\d{1,2})?$/.test(text), PAYOUT_MESSAGES.decimals)
      .refine((text) => Number(text) >= min, belowMinimum(min))
      .refine((text) => Number(text) <= balance, 'Your referral balance is too low for this amount'),
    currency: z.enum(COINS),
    address: z
      .string()
      .trim()
      .min(1, PAYOUT_MESSAGES.fillAll)
      .refine((text) => text.length >= 20 && text.length <= 100, PAYOUT_MESSAGES.addressLength)
      .refine((text) => /^[A-Za-z0-9]*$/.test(text), PAYOUT_MESSAGES.addressChars),
  });
}
export type PayoutValues = z.infer<ReturnType<typeof payoutSchema>>;
