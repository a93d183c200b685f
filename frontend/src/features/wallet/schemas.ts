// Add Funds rules with their exact messages (docs/screens.md#form-rules), shared by the dialog and
// its tests.
import { z } from '@/lib/zod';
import { MIN_TOP_UP } from '@/lib/insufficient-balance';

export const CURRENCIES = ['DOGE', 'TRX', 'LTC', 'USDT'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = 'LTC';

export const METHODS = [{ value: 'cryptomous', label: 'Cryptomus' }] as const;
export { MIN_TOP_UP };

export const MESSAGES = {
  fillAll: 'Please fill all the fields',
  amountTooSmall: 'Amount must be greater than 0.1',
} as const;

export const addFundsSchema = z.object({
  amount: z
    .string()
    .trim()
    .min(1, MESSAGES.fillAll)
    .refine((value) => {
      const number = Number(value);
      return Number.isFinite(number) && number >= MIN_TOP_UP;
    }, MESSAGES.amountTooSmall),
  method: z.string().min(1, MESSAGES.fillAll),
  currency: z.enum(CURRENCIES),
});
export type AddFundsValues = z.infer<typeof addFundsSchema>;

/** What the amount field shows after blur: two decimals, or the text unchanged if it is no number. */
export function formatAmountInput(text: string): string {
  const trimmed = text.trim();
  const value = Number(trimmed);
  return trimmed && Number.isFinite(value) ? value.toFixed(2) : text;
}

/** The amount sent to the API: dollars rounded to cents. */
export function toDollars(text: string): number {
  return Math.round(Number(text) * 100) / 100;
}
