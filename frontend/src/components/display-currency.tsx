// The customer's display currency (docs/screens.md#approximate-prices): the choice kept in the
// browser (`display-currency`), the rates from GET /api/config, and the picker. Prices are
// charged in USD; a price shows an approximate amount beside it only when the chosen currency
// has a fresh rate.
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { DisplayCurrencyContext, pickCurrency, useDisplayCurrency, USD } from '@/lib/display-currency';
import { cn } from '@/lib/cn';
import { usePublicConfig } from '@/lib/public-config';
import { DISPLAY_CURRENCY_KEY, readStorage, writeStorage } from '@/lib/storage-keys';

export function DisplayCurrencyProvider({ children }: { children: ReactNode }) {
  const config = usePublicConfig();
  const [code, setChosen] = useState(() => readStorage(DISPLAY_CURRENCY_KEY) ?? USD);
  const setCode = useCallback((next: string) => {
    setChosen(next);
    writeStorage(DISPLAY_CURRENCY_KEY, next);
  }, []);
  const available = useMemo(() => config.data?.currencies ?? [], [config.data]);
  const value = useMemo(() => ({ code, setCode, available, selected: pickCurrency(code, available) }), [code, setCode, available]);
  return <DisplayCurrencyContext.Provider value={value}>{children}</DisplayCurrencyContext.Provider>;
}

/** USD and the currencies with a fresh rate; hidden when there are none. `className` adds the
 * select's size and where it shows. */
export function CurrencyPicker({ className }: { className?: string }) {
  const { code, setCode, available, selected } = useDisplayCurrency();
  if (available.length === 0) return null;
  return (
    <select
      aria-label="Show approximate prices in"
      title="Prices are charged in USD; other currencies are approximate"
      value={selected ? code : USD}
      onChange={(event) => setCode(event.target.value)}
      className={cn('rounded-md border border-slate-200 bg-white px-2 text-sm dark:border-slate-700 dark:bg-slate-900', className)}
    >
      <option value={USD}>USD</option>
      {available.map((currency) => (
        <option key={currency.code} value={currency.code}>
          {currency.code} (approx.)
        </option>
      ))}
    </select>
  );
}
