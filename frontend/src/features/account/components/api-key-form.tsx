// The new-key form: name, scopes, expiry, allowed source addresses, and optionally the one
// sub-user the key is limited to.
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field, inputClasses } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select-field';
import { ApiError, errorMessage } from '@/lib/api-client';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { cn } from '@/lib/cn';
import type { User } from '@/lib/api-types';
import { useSession } from '@/lib/session';
import { subusersQueryOptions } from '@/lib/subusers';
import { notify } from '@/lib/toast';
import { useCreateApiKey } from '../api/api-keys';
import { apiKeySchema, EXPIRY_CHOICES, expiresAt, KEY_NAME_MAX, splitIps, type ApiKeyValues } from '../schemas';
import type { ApiKeyCreated } from '../api/api-keys';

const SCOPES = [
  { value: 'read', label: 'Read', hint: 'usage, history, balance and plans' },
  { value: 'generate', label: 'Generate', hint: 'generate proxies' },
  { value: 'buy', label: 'Buy', hint: 'spend the wallet on plans and proxies' },
  { value: 'resell', label: 'Resell', hint: 'your clients and their traffic, as in the reseller console' },
] as const;

/** The scopes this account's keys may hold: `resell` only for an enabled reseller, and a reseller's
 * client's keys only read and generate (docs/api-keys.md). */
function scopesFor(user: User | null) {
  if (user?.resellerClient) return SCOPES.filter((scope) => scope.value === 'read' || scope.value === 'generate');
  return SCOPES.filter((scope) => scope.value !== 'resell' || user?.reseller === true);
}

export function ApiKeyForm({ onCreated, onCancel }: { onCreated: (key: ApiKeyCreated) => void; onCancel: () => void }) {
  const create = useCreateApiKey();
  const scopesId = useId();
  const ipsId = useId();
  const { user } = useSession();
  const scopes = scopesFor(user);
  // a client has no sub-users (the server refuses it the list)
  const subusers = useQuery({ ...subusersQueryOptions, enabled: !user?.resellerClient });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ApiKeyValues>({
    resolver: zodResolver(apiKeySchema),
    defaultValues: { name: '', scopes: ['read'], expiry: '90', allowedIps: '', subuser: '' },
  });

  const onSubmit = handleSubmit((values) => {
    const ips = splitIps(values.allowedIps);
    const expiry = expiresAt(values.expiry);
    create.mutate(
      {
        name: values.name.trim(),
        scopes: values.scopes,
        expiresAt: expiry ?? null,
        allowedIps: ips.length > 0 ? ips : null,
        subuserId: values.subuser ? Number(values.subuser) : null,
      },
      {
        onSuccess: (data) => onCreated(data),
        onError: (error) => {
          applyFieldErrors(error, ['name', 'scopes', 'allowedIps'], setError);
          const subuserProblem = error instanceof ApiError ? error.fields.subuserId : undefined;
          if (subuserProblem) setError('subuser', { type: 'server', message: subuserProblem });
          const expiryProblem = error instanceof ApiError ? error.fields.expiresAt : undefined;
          if (expiryProblem) setError('expiry', { type: 'server', message: expiryProblem });
          notify.error(errorMessage(error));
        },
      },
    );
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
      <Field label="Name" placeholder="e.g. scraper on server 1" maxLength={KEY_NAME_MAX + 20} error={errors.name?.message} {...register('name')} />
      <fieldset aria-describedby={errors.scopes ? scopesId : undefined}>
        <legend className="mb-1.5 text-sm font-medium text-slate-700 dark:text-slate-200">Scopes</legend>
        <div className="space-y-2">
          {scopes.map((scope) => (
            <label key={scope.value} className="flex min-h-6 items-start gap-2 text-sm">
              <input type="checkbox" value={scope.value} className="mt-0.5 h-4 w-4 accent-brand-600" {...register('scopes')} />
              <span>
                <span className="font-medium">{scope.label}</span>
                <span className="text-slate-600 dark:text-slate-400"> – {scope.hint}</span>
              </span>
            </label>
          ))}
        </div>
        {errors.scopes && (
          <p id={scopesId} className="mt-1.5 text-sm text-red-600 dark:text-red-400">
            {errors.scopes.message}
          </p>
        )}
      </fieldset>
      <SelectField label="Expires" error={errors.expiry?.message} {...register('expiry')}>
        {EXPIRY_CHOICES.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </SelectField>
      <SelectField label="Limited to" error={errors.subuser?.message} {...register('subuser')}>
        <option value="">The whole account</option>
        {(subusers.data?.items ?? []).map((item) => (
          <option key={item.id} value={String(item.id)}>
            Sub-user {item.name} (its records and lines only)
          </option>
        ))}
      </SelectField>
      <div>
        <label htmlFor={ipsId} className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-200">
          Allowed IPs (optional)
        </label>
        <textarea
          id={ipsId}
          rows={2}
          placeholder="203.0.113.7, 10.0.0.0/8"
          aria-invalid={errors.allowedIps ? true : undefined}
          aria-describedby={errors.allowedIps ? `${ipsId}-error` : undefined}
          className={cn(inputClasses, 'h-auto py-2', errors.allowedIps ? 'border-red-500 dark:border-red-400' : 'border-slate-300 dark:border-slate-700')}
          {...register('allowedIps')}
        />
        {errors.allowedIps ? (
          <p id={`${ipsId}-error`} className="mt-1.5 text-sm text-red-600 dark:text-red-400">
            {errors.allowedIps.message}
          </p>
        ) : (
          <p className="mt-1.5 text-xs text-slate-600 dark:text-slate-400">Empty: the key works from any address.</p>
        )}
      </div>
      <div className="flex justify-end gap-3">
        <Button variant="outline" onClick={onCancel} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" busy={create.isPending}>
          Create key
        </Button>
      </div>
    </form>
  );
}
