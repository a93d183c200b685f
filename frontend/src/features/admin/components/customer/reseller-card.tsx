// A customer's reseller terms: whether the account may run a reseller console (its own clients,
// moving its traffic to them), its discount on its own purchases and how many clients it may have,
// with a form that sets them, audited with its optional reason. A sub-user's sign-in or a
// reseller's client cannot be a reseller: the server says so and the message shows.
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Card } from '@/components/ui/page-parts';
import { Switch } from '@/components/ui/switch';
import { notify } from '@/lib/toast';
import { useSetReseller } from '../../api/set-reseller';
import { when } from '../../format';
import { resellerSchema, type ResellerValues } from '../../schemas';
import type { AdminReseller } from '../../types';
import { MUTED } from '../admin-table';
import { Badge } from '../badge';
import { showServerError } from '../server-errors';

const valuesOf = (reseller: AdminReseller | null | undefined): ResellerValues => ({
  enabled: reseller?.enabled ?? true,
  discountPercent: String(reseller?.discountPercent ?? 0),
  maxClients: String(reseller?.maxClients ?? 10),
  reason: '',
});

export function ResellerCard({ userId, reseller }: { userId: number; reseller: AdminReseller | null | undefined }) {
  const mutation = useSetReseller();
  const { register, control, handleSubmit, setError, reset, formState: { errors } } = useForm<ResellerValues>({
    resolver: zodResolver(resellerSchema),
    defaultValues: valuesOf(reseller),
  });
  useEffect(() => reset(valuesOf(reseller)), [reseller, reset]);

  const save = (values: ResellerValues) => {
    const reason = values.reason.trim();
    mutation.mutate(
      {
        id: userId,
        body: { enabled: values.enabled, discountPercent: Number(values.discountPercent), maxClients: Number(values.maxClients), ...(reason ? { reason } : {}) },
      },
      {
        onSuccess: (data) => notify.success(data.reseller.enabled ? 'Reseller terms saved' : 'Reseller switched off'),
        onError: (error) => showServerError(error, setError, ['enabled', 'discountPercent', 'maxClients', 'reason']),
      },
    );
  };

  return (
    <Card title="Reseller">
      {reseller ? (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm" data-testid="reseller-terms">
          {reseller.enabled ? <Badge tone="green">reseller</Badge> : <Badge tone="grey">switched off</Badge>}
          <span>{reseller.discountPercent}% off own purchases</span>
          <span>
            {reseller.clients} of {reseller.maxClients} clients
          </span>
          <span className={MUTED}>since {when(reseller.createdAt)}</span>
        </div>
      ) : (
        <p className={`text-sm ${MUTED}`}>Not a reseller: the account cannot open accounts for clients of its own.</p>
      )}
      <form noValidate onSubmit={(event) => void handleSubmit(save)(event)} className="mt-4 grid gap-3 sm:grid-cols-[auto_8rem_8rem_minmax(0,1fr)_auto] sm:items-start">
        <div className="flex items-center gap-2 sm:mt-8">
          <Controller control={control} name="enabled" render={({ field }) => <Switch checked={field.value} label="Reseller enabled" onChange={field.onChange} />} />
          <span className="text-sm font-medium" aria-hidden="true">
            Enabled
          </span>
        </div>
        <Field label="Discount %" inputMode="numeric" autoComplete="off" error={errors.discountPercent?.message} {...register('discountPercent')} />
        <Field label="Max clients" inputMode="numeric" autoComplete="off" error={errors.maxClients?.message} {...register('maxClients')} />
        <Field label="Reason (optional)" autoComplete="off" error={errors.reason?.message} {...register('reason')} />
        <Button type="submit" size="sm" busy={mutation.isPending} className="sm:mt-7">
          {reseller ? 'Save terms' : 'Make reseller'}
        </Button>
      </form>
      {errors.enabled && <p className="mt-2 text-sm text-red-600 dark:text-red-400">{errors.enabled.message}</p>}
    </Card>
  );
}
