// The app-wide payment dialog (docs/screens.md#wallet-and-referral): amount (min 0.1, formatted to
// 2 decimals on blur), method (Cryptomus) and currency (LTC by default). POST /api/payment answers
// with a checkout URL that opens in a new tab; the balance refreshes when the customer comes back
// (wallet-sync). When the shop takes no top-ups (GET /api/config says topUps: false) it says so
// instead. Opened from a purchase refused for the balance, the amount is what it lacked.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, inputClasses } from '@/components/ui/field';
import { usePublicConfig } from '@/lib/public-config';
import { ApiError, errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { paymentModal } from '@/lib/payment-modal';
import { notify } from '@/lib/toast';
import { useCreatePayment } from '../api/create-payment';
import { addFundsSchema, CURRENCIES, DEFAULT_CURRENCY, formatAmountInput, METHODS, toDollars, type AddFundsValues } from '../schemas';

const SERVER_FIELDS: ReadonlyArray<FieldPath<AddFundsValues>> = ['amount', 'method', 'currency'];

/** Opens the checkout in a new tab; false when the browser blocked the pop-up. */
function openCheckout(url: string): boolean {
  const tab = window.open(url, '_blank');
  if (!tab) return false;
  // the checkout page must not be able to navigate this tab
  tab.opener = null;
  return true;
}

/** Shown instead of the form when no payment gateway is configured. */
function TopUpsUnavailable() {
  return (
    <Dialog open onClose={() => paymentModal.close()} title="Add Funds" description="Top up your wallet with cryptocurrency.">
      <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
        Top-ups are not available right now. Please try again later.
      </p>
      <div className="flex justify-end pt-4">
        <Button variant="outline" onClick={() => paymentModal.close()}>
          OK
        </Button>
      </div>
    </Dialog>
  );
}

export default function AddFundsDialog() {
  const config = usePublicConfig();
  // Until the shop's settings are known nothing is shown (no form that would then vanish); if
  // they cannot be read, the form is offered and the server's answer decides.
  if (config.isPending) return null;
  if (config.data?.topUps === false) return <TopUpsUnavailable />;
  return <AddFundsForm />;
}

function AddFundsForm() {
  const payment = useCreatePayment();
  const [blockedUrl, setBlockedUrl] = useState<string | null>(null);
  // read once: the dialog mounts each time it opens
  const [prefill] = useState(() => paymentModal.prefill());
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<AddFundsValues>({
    resolver: zodResolver(addFundsSchema),
    defaultValues: { amount: prefill === null ? '' : prefill.toFixed(2), method: METHODS[0].value, currency: DEFAULT_CURRENCY },
  });

  const onSubmit = handleSubmit((values) =>
    payment.mutate(
      { amount: toDollars(values.amount), method: values.method, currency: values.currency },
      {
        onSuccess: ({ url }) => {
          if (!openCheckout(url)) {
            setBlockedUrl(url);
            return;
          }
          notify.info('Complete the payment in the new tab. Your balance updates once it is confirmed.');
          paymentModal.close();
        },
        onError: (error) => {
          if (error instanceof ApiError) {
            for (const name of SERVER_FIELDS) {
              const message = error.fields[name];
              if (message) setError(name, { type: 'server', message });
            }
          }
          notify.error(errorMessage(error));
        },
      },
    ),
  );

  return (
    <Dialog open onClose={() => paymentModal.close()} title="Add Funds" description="Top up your wallet with cryptocurrency.">
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
        {prefill !== null && (
          <p className="rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-900 dark:bg-brand-950/60 dark:text-brand-100">
            The amount is what your purchase was missing; you can add more.
          </p>
        )}
        <Controller
          control={control}
          name="amount"
          render={({ field }) => (
            <Field
              label="Amount (USD)"
              inputMode="decimal"
              autoComplete="off"
              placeholder="10.00"
              error={errors.amount?.message}
              name={field.name}
              ref={field.ref}
              value={field.value}
              onChange={(event) => field.onChange(event.target.value.replace(/[^\d.]/g, ''))}
              onBlur={() => {
                field.onChange(formatAmountInput(field.value));
                field.onBlur();
              }}
            />
          )}
        />
        <div>
          <label htmlFor="payment-method" className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-200">
            Method
          </label>
          <select
            id="payment-method"
            aria-invalid={errors.method ? true : undefined}
            aria-describedby={errors.method ? 'payment-method-error' : undefined}
            className={cn(inputClasses, errors.method ? 'border-red-500 dark:border-red-400' : 'border-slate-300 dark:border-slate-700')}
            {...register('method')}
          >
            {METHODS.map((method) => (
              <option key={method.value} value={method.value}>
                {method.label}
              </option>
            ))}
          </select>
          {errors.method && (
            <p id="payment-method-error" className="mt-1.5 text-sm text-red-600 dark:text-red-400">
              {errors.method.message}
            </p>
          )}
        </div>
        <fieldset aria-describedby={errors.currency ? 'payment-currency-error' : undefined}>
          <legend className="mb-1.5 text-sm font-medium text-slate-700 dark:text-slate-200">Currency</legend>
          <div className="grid grid-cols-4 gap-2">
            {CURRENCIES.map((code) => (
              <label
                key={code}
                className="flex cursor-pointer items-center justify-center rounded-lg border border-slate-300 py-2 text-sm font-semibold has-checked:border-brand-600 has-checked:bg-brand-50 has-checked:text-brand-800 has-focus-visible:outline-2 has-focus-visible:outline-brand-500 dark:border-slate-700 dark:has-checked:bg-brand-950 dark:has-checked:text-brand-200"
              >
                <input type="radio" value={code} className="sr-only" {...register('currency')} />
                {code}
              </label>
            ))}
          </div>
          {errors.currency && (
            <p id="payment-currency-error" className="mt-1.5 text-sm text-red-600 dark:text-red-400">
              {errors.currency.message}
            </p>
          )}
        </fieldset>
        {blockedUrl && (
          <p role="alert" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
            Your browser blocked the new tab.{' '}
            <a href={blockedUrl} target="_blank" rel="noopener noreferrer" className="font-semibold underline" onClick={() => paymentModal.close()}>
              Open the payment page
            </a>
          </p>
        )}
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
