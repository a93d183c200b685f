// Create or edit an upstream pool. The password is write-only: the field starts empty and is sent
// only when typed. A preset fills the templates left empty with its provider's syntax (choosing
// one clears them, so that the preset's apply).
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Path } from 'react-hook-form';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select-field';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { useSaveUpstream } from '../../api/upstreams';
import type { UpstreamPool } from '../../types';
import { FormButtons } from '../confirm-step';
import { showServerError } from '../server-errors';
import { EMPTY_UPSTREAM, PRESETS, patchOf, upstreamSchema, upstreamToValues, valuesToBody, type UpstreamValues } from './upstream-values';

const FIELDS: ReadonlyArray<Path<UpstreamValues>> = [
  'name',
  'protocol',
  'host',
  'port',
  'username',
  'password',
  'preset',
  'usernameTemplate',
  'passwordTemplate',
  'costPerGb',
  'weight',
  'countries',
  'active',
];
const CHECK = 'flex min-h-6 items-center gap-2 text-sm font-medium';

export function UpstreamFormDialog({ pool, onClose }: { pool: UpstreamPool | null; onClose: () => void }) {
  const save = useSaveUpstream();
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors },
  } = useForm<UpstreamValues>({ resolver: zodResolver(upstreamSchema), defaultValues: pool ? upstreamToValues(pool) : EMPTY_UPSTREAM });

  const submit = handleSubmit((values) => {
    const body = valuesToBody(values);
    save.mutate(pool ? { id: pool.id, body: patchOf(body) } : { id: null, body }, {
      onSuccess: (saved) => {
        notify.success(pool ? `Pool "${saved.upstream.name}" saved` : `Pool "${saved.upstream.name}" created`);
        onClose();
      },
      onError: (error) => {
        showServerError(error, setError, FIELDS);
        // The server's `kinds` message goes under the kind boxes.
        const kinds = error instanceof ApiError ? error.fields.kinds : undefined;
        if (kinds) setError('premium', { type: 'server', message: kinds });
      },
    });
  });
  const preset = register('preset');

  return (
    <Dialog open wide onClose={onClose} title={pool ? `Edit pool "${pool.name}"` : 'New upstream pool'} description="Customers never see a pool's host, port or credentials.">
      <form noValidate onSubmit={(event) => void submit(event)} className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field label="Name" autoComplete="off" error={errors.name?.message} {...register('name')} />
        <SelectField label="Protocol" error={errors.protocol?.message} {...register('protocol')}>
          <option value="http">HTTP (CONNECT)</option>
          <option value="socks5">SOCKS5</option>
        </SelectField>
        <Field label="Host" autoComplete="off" placeholder="gate.provider.example" error={errors.host?.message} {...register('host')} />
        <Field label="Port" inputMode="numeric" autoComplete="off" error={errors.port?.message} {...register('port')} />
        <Field label="Username at the provider" autoComplete="off" error={errors.username?.message} {...register('username')} />
        <Field
          label="Password at the provider"
          type="password"
          autoComplete="new-password"
          placeholder={pool?.hasPassword ? 'Unchanged (write-only)' : ''}
          hint={pool?.hasPassword ? 'A password is set; type a new one to replace it.' : 'Write-only: never shown again.'}
          error={errors.password?.message}
          {...register('password')}
        />
        <SelectField
          label="Preset"
          error={errors.preset?.message}
          {...preset}
          onChange={(event) => {
            void preset.onChange(event);
            if (event.target.value) {
              setValue('usernameTemplate', '');
              setValue('passwordTemplate', '');
            }
          }}
        >
          <option value="">{pool ? 'Keep the templates below' : 'None (plain credentials)'}</option>
          {PRESETS.map((item) => (
            <option key={item.value} value={item.value}>
              {item.label}
            </option>
          ))}
        </SelectField>
        <Field label="Countries (empty: all)" autoComplete="off" placeholder="us, de, gb" error={errors.countries?.message} {...register('countries')} />
        <Field label="Username template" autoComplete="off" placeholder="From the preset, else {username}" error={errors.usernameTemplate?.message} {...register('usernameTemplate')} />
        <Field label="Password template" autoComplete="off" placeholder="From the preset, else {password}" error={errors.passwordTemplate?.message} {...register('passwordTemplate')} />
        <Field label="Cost per GB (USD)" inputMode="decimal" autoComplete="off" error={errors.costPerGb?.message} {...register('costPerGb')} />
        <Field label="Weight" inputMode="numeric" autoComplete="off" hint="Share of new connections among the pools of a kind." error={errors.weight?.message} {...register('weight')} />
        <fieldset className="sm:col-span-2">
          <legend className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-200">Kinds</legend>
          <div className="flex gap-6">
            <label className={CHECK}>
              <input type="checkbox" className="h-4 w-4 accent-brand-600" {...register('premium')} />
              Premium
            </label>
            <label className={CHECK}>
              <input type="checkbox" className="h-4 w-4 accent-brand-600" {...register('budget')} />
              Budget
            </label>
          </div>
          {errors.premium?.message && (
            <p role="alert" className="mt-1.5 text-sm text-red-700 dark:text-red-400">
              {errors.premium.message}
            </p>
          )}
        </fieldset>
        <label className={`${CHECK} sm:col-span-2`}>
          <input type="checkbox" className="h-4 w-4 accent-brand-600" {...register('active')} />
          Active (new connections may use it)
        </label>
        <div className="sm:col-span-2">
          <FormButtons onCancel={onClose} submitLabel={pool ? 'Save pool' : 'Create pool'} busy={save.isPending} />
        </div>
      </form>
    </Dialog>
  );
}
