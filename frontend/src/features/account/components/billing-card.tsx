// Billing details: the company, address and VAT id printed on the customer's receipts
// (PUT /api/user/billing). Every field is optional; a blank one is not printed.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Card } from '@/components/ui/page-parts';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { notify } from '@/lib/toast';
import { useBilling, useSaveBilling, type BillingDetails } from '../api/billing';
import { BILLING_MAX, billingSchema, type BillingValues } from '../schemas';

const FIELDS = ['company', 'address', 'vatId'] as const;

export function BillingCard() {
  const billing = useBilling();
  return (
    <Card title="Billing details">
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">
        Printed on your receipts. Download a receipt from each top-up and purchase in your wallet history.
      </p>
      {billing.isPending && <Skeleton className="h-40 w-full" />}
      {billing.isError && <p className="text-sm text-red-700 dark:text-red-400">Could not load your billing details. Please try again in a moment.</p>}
      {billing.data && <BillingForm key={JSON.stringify(billing.data)} saved={billing.data} />}
    </Card>
  );
}

function BillingForm({ saved }: { saved: BillingDetails }) {
  const save = useSaveBilling();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm<BillingValues, unknown, BillingDetails>({ resolver: zodResolver(billingSchema), defaultValues: saved });

  const onSubmit = handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (data) => notify.success(data.message),
      onError: (error) => {
        applyFieldErrors(error, [...FIELDS], setError);
        notify.error(errorMessage(error));
      },
    }),
  );

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-4 sm:grid-cols-2">
      <Field
        label="Company (optional)"
        autoComplete="organization"
        maxLength={BILLING_MAX.company + 20}
        error={errors.company?.message}
        {...register('company')}
      />
      <Field label="VAT ID (optional)" maxLength={BILLING_MAX.vatId + 20} error={errors.vatId?.message} {...register('vatId')} />
      <div className="sm:col-span-2">
        <Field
          label="Address (optional)"
          autoComplete="street-address"
          placeholder="Street, city, postcode, country"
          maxLength={BILLING_MAX.address + 20}
          error={errors.address?.message}
          {...register('address')}
        />
      </div>
      <div className="flex justify-end gap-3 sm:col-span-2">
        <Button variant="outline" disabled={!isDirty || save.isPending} onClick={() => reset(saved)}>
          Cancel
        </Button>
        <Button type="submit" busy={save.isPending}>
          Save billing details
        </Button>
      </div>
    </form>
  );
}
