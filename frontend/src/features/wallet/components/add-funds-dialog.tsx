// The app-wide payment dialog (SPEC.md §2, §5, §7, §9): amount (min 0.1, formatted to 2 decimals on
// blur), method (cryptomous) and currency (LTC by default). POST /api/payment answers with a
// checkout URL that opens in a new tab.
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, inputClasses } from '@/components/ui/field';
import { apiRequest, errorMessage, FALLBACK_ERROR } from '@/lib/api-client';
import { paymentModal } from '@/lib/payment-modal';
import { notify } from '@/lib/toast';

const CURRENCIES = ['DOGE', 'TRX', 'LTC', 'USDT'] as const;
export const MIN_TOP_UP = 0.1;
export const FILL_ALL = 'Please fill all the fields';
export const AMOUNT_TOO_SMALL = 'Amount must be greater than 0.1';

async function createPayment(body: { amount: number; method: string; currency: string }): Promise<string> {
  const payload = await apiRequest('/api/payment', { method: 'POST', body });
  const url = typeof payload === 'object' && payload !== null ? (payload as { url?: unknown }).url : undefined;
  if (typeof url !== 'string' || !url) throw new Error(FALLBACK_ERROR);
  return url;
}

export default function AddFundsDialog() {
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState('cryptomous');
  const [currency, setCurrency] = useState<string>('LTC');
  const [error, setError] = useState<string | null>(null);
  const payment = useMutation({ mutationFn: createPayment });

  function onSubmit(event: { preventDefault(): void }) {
    event.preventDefault();
    if (!amount.trim() || !method) {
      setError(FILL_ALL);
      return;
    }
    const value = Number(amount);
    if (!Number.isFinite(value) || value < MIN_TOP_UP) {
      setError(AMOUNT_TOO_SMALL);
      return;
    }
    setError(null);
    payment.mutate(
      { amount: Math.round(value * 100) / 100, method, currency },
      {
        onSuccess: (url) => {
          window.open(url, '_blank', 'noopener');
          paymentModal.close();
        },
        onError: (failure) => notify.error(errorMessage(failure)),
      },
    );
  }

  return (
    <Dialog open onClose={() => paymentModal.close()} title="Add Funds" description="Top up your wallet with cryptocurrency.">
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <Field
          label="Amount (USD)"
          inputMode="decimal"
          placeholder="10.00"
          value={amount}
          error={error ?? undefined}
          onChange={(event) => setAmount(event.target.value.replace(/[^\d.]/g, ''))}
          onBlur={() => {
            const value = Number(amount);
            if (amount && Number.isFinite(value)) setAmount(value.toFixed(2));
          }}
        />
        <div>
          <label htmlFor="payment-method" className="mb-1.5 block text-sm font-medium">
            Method
          </label>
          <select id="payment-method" value={method} onChange={(event) => setMethod(event.target.value)} className={`${inputClasses} border-slate-300 dark:border-slate-700`}>
            <option value="cryptomous">Cryptomus (crypto)</option>
          </select>
        </div>
        <fieldset>
          <legend className="mb-1.5 text-sm font-medium">Currency</legend>
          <div className="grid grid-cols-4 gap-2">
            {CURRENCIES.map((code) => (
              <label
                key={code}
                className="flex cursor-pointer items-center justify-center rounded-lg border border-slate-300 py-2 text-sm font-semibold has-checked:border-brand-600 has-checked:bg-brand-50 has-checked:text-brand-800 has-focus-visible:outline-2 has-focus-visible:outline-brand-500 dark:border-slate-700 dark:has-checked:bg-brand-950 dark:has-checked:text-brand-200"
              >
                <input type="radio" name="currency" value={code} checked={currency === code} onChange={() => setCurrency(code)} className="sr-only" />
                {code}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="flex justify-end gap-3 pt-2">
          <Button variant="outline" onClick={() => paymentModal.close()}>
            Cancel
          </Button>
          <Button type="submit" busy={payment.isPending}>
            Continue to payment
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
