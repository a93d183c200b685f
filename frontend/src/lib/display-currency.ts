// Approximate prices in the customer's currency (docs/screens.md#approximate-prices): every price
// is charged in USD; beside it the site may show what it comes to in a currency the customer
// picks, at a rate from GET /api/config (`currencies`). Only the formatting lives here.
import { createContext, useContext } from 'react';
import { formatDate, fromUnixSeconds } from './format';

/** A currency with a fresh rate, as GET /api/config lists it. */
export type DisplayCurrency = { code: string; perUsd: number; updatedAt: number };

/** The code the customer sees prices in when they picked nothing (or their pick has no rate). */
export const USD = 'USD';

/** The picked currency among the available ones; null (USD alone) when it has no fresh rate. */
export function pickCurrency(code: string | null, available: readonly DisplayCurrency[]): DisplayCurrency | null {
  if (!code || code === USD) return null;
  return available.find((currency) => currency.code === code && currency.perUsd > 0 && Number.isFinite(currency.perUsd)) ?? null;
}

/** `dollars` converted at the currency's rate and formatted with its symbol, e.g. "€25.76". */
export function formatApproximate(dollars: number, currency: DisplayCurrency): string {
  const amount = (Number.isFinite(dollars) ? dollars : 0) * currency.perUsd;
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.code }).format(amount);
  } catch {
    // A code the browser does not know: the code itself, two decimals.
    return `${currency.code} ${amount.toFixed(2)}`;
  }
}

/** What the approximate amount's tooltip says. */
export function approximateTitle(currency: DisplayCurrency): string {
  return `Approximate, at the rate of ${formatDate(fromUnixSeconds(currency.updatedAt))}; you pay in USD`;
}

/** The customer's display currency, as `DisplayCurrencyProvider` (components/display-currency.tsx)
 * gives it. */
export type DisplayCurrencyState = {
  /** The customer's choice (`USD` when none). */
  code: string;
  setCode: (code: string) => void;
  /** The currencies with a fresh rate, in the operator's order. */
  available: readonly DisplayCurrency[];
  /** The chosen currency with its rate; null: USD alone. */
  selected: DisplayCurrency | null;
};

// Without the provider (isolated component tests): USD alone.
export const DisplayCurrencyContext = createContext<DisplayCurrencyState>({ code: USD, setCode: () => {}, available: [], selected: null });

export function useDisplayCurrency(): DisplayCurrencyState {
  return useContext(DisplayCurrencyContext);
}
