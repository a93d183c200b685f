// A purchase refused with 402 "Insufficient balance" offers the way out: Add funds with the
// missing amount prefilled, in the toast and in the purchase dialog. The missing amount is the
// price less the balance, rounded up to the cent and at least the smallest top-up ($0.10).
import { ApiError } from './api-client';
import { formatMoney } from './format';
import { paymentModal } from './payment-modal';
import { notify } from './toast';

export const INSUFFICIENT_BALANCE = 'Insufficient balance';
export const ADD_FUNDS = 'Add funds';
/** The smallest top-up the shop takes, in dollars. */
export const MIN_TOP_UP = 0.1;

/** Whether `error` is the refusal of a purchase the wallet could not pay. */
export function isInsufficientBalance(error: unknown): boolean {
  return error instanceof ApiError && error.status === 402 && error.message === INSUFFICIENT_BALANCE;
}

/** Dollars to add so that `balance` pays `price`: rounded up to the cent, at least MIN_TOP_UP. */
export function missingAmount(price: number, balance: number): number {
  // to a millionth first, so that float noise (0.30000000000000004) does not add a cent
  const cents = Math.ceil(Math.round((price - balance) * 1e6) / 1e4);
  return Math.max(cents, Math.round(MIN_TOP_UP * 100)) / 100;
}

/** "You need $5.01 more in your wallet." */
export function missingText(missing: number): string {
  return `You need ${formatMoney(missing)} more in your wallet.`;
}

/** The refusal's toast, with Add funds opening the payment dialog prefilled with `missing`. */
export function notifyInsufficient(missing: number): void {
  notify.error(INSUFFICIENT_BALANCE, {
    description: missingText(missing),
    action: { label: ADD_FUNDS, onClick: () => paymentModal.open(missing) },
  });
}

/**
 * For a purchase's error handler: when `error` is "Insufficient balance", shows the toast with
 * Add funds and returns the missing amount; otherwise null (the caller reports the error).
 */
export function offerAddFunds(error: unknown, price: number, balance: number): number | null {
  if (!isInsufficientBalance(error)) return null;
  const missing = missingAmount(price, balance);
  notifyInsufficient(missing);
  return missing;
}
