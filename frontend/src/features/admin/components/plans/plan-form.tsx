// Create or edit a plan: every field of the contract. The kind is chosen once, at creation.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch, type Path } from 'react-hook-form';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select-field';
import { notify } from '@/lib/toast';
import { useSavePlan } from '../../api/save-plan';
import { PLAN_KINDS, planSchema, type PlanValues } from '../../schemas';
import type { AdminPlan } from '../../types';
import { FormButtons } from '../confirm-step';
import { showServerError } from '../server-errors';
import { TextArea } from '@/components/ui/text-area';
import { EMPTY_PLAN, patchOf, planToValues, valuesToBody } from './plan-values';
import { kindName } from '../../kinds';
import { TierEditor } from './tier-editor';

const FIELDS: ReadonlyArray<Path<PlanValues>> = ['type', 'name', 'tag', 'note', 'price', 'amount', 'validityDays', 'regions', 'features', 'active', 'sort', 'availableUntil', 'maxConnections', 'maxRequestsPerSecond', 'bandwidthMbps', 'tiers'];

/** A traffic plan's limits, which the gateway enforces across its nodes (docs/admin-api/plans.md, "Limits"). */
type Limit = { name: 'maxConnections' | 'maxRequestsPerSecond' | 'bandwidthMbps'; label: string; hint: string; wide?: boolean };
const LIMITS: readonly Limit[] = [
  { name: 'maxConnections', label: 'Connections at once (optional)', hint: 'The most live connections of a customer on this plan, across every gateway node.' },
  { name: 'maxRequestsPerSecond', label: 'Requests per second (optional)', hint: 'The most requests a customer on this plan opens each second, across every gateway node.' },
  {
    name: 'bandwidthMbps',
    label: 'Bandwidth in Mbps (optional)',
    hint: "The most megabits per second a customer's connections on this plan move together, up and down.",
    wide: true,
  },
];

export function PlanFormDialog({ plan, defaultType, onClose }: { plan: AdminPlan | null; defaultType?: PlanValues['type']; onClose: () => void }) {
  const save = useSavePlan();
  const { control, register, handleSubmit, setError, formState: { errors } } = useForm<PlanValues>({
    resolver: zodResolver(planSchema),
    defaultValues: plan ? planToValues(plan) : { ...EMPTY_PLAN, type: defaultType ?? EMPTY_PLAN.type },
  });
  const type = useWatch({ control, name: 'type' });
  const traffic = type === 'premium' || type === 'budget';

  const submit = handleSubmit((values) => {
    const body = valuesToBody(values);
    save.mutate(plan ? { id: plan.id, body: patchOf(body) } : { id: null, body }, {
      onSuccess: (saved) => {
        notify.success(plan ? `Plan "${saved.name}" saved` : `Plan "${saved.name}" created`);
        onClose();
      },
      onError: (error) => showServerError(error, setError, FIELDS),
    });
  });

  return (
    <Dialog open wide onClose={onClose} title={plan ? `Edit plan "${plan.name}"` : 'New plan'} description={plan ? 'Prices already paid never change.' : undefined}>
      <form noValidate onSubmit={(event) => void submit(event)} className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <SelectField label="Kind" disabled={plan !== null} error={errors.type?.message} {...register('type')}>
          {PLAN_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {kindName(kind)}
            </option>
          ))}
        </SelectField>
        <Field label="Name" autoComplete="off" error={errors.name?.message} {...register('name')} />
        <Field label="Price (USD)" inputMode="decimal" autoComplete="off" error={errors.price?.message} {...register('price')} />
        <Field label={traffic ? 'Amount (GB)' : 'Amount (pieces)'} inputMode="numeric" autoComplete="off" error={errors.amount?.message} {...register('amount')} />
        <Field label="Validity (days)" inputMode="numeric" autoComplete="off" error={errors.validityDays?.message} {...register('validityDays')} />
        <Field label="Sort order" inputMode="numeric" autoComplete="off" error={errors.sort?.message} {...register('sort')} />
        <Field label="Tag (optional)" autoComplete="off" placeholder="Popular" error={errors.tag?.message} {...register('tag')} />
        <Field label="Available until (optional)" type="date" error={errors.availableUntil?.message} {...register('availableUntil')} />
        {traffic &&
          LIMITS.map((limit) => (
            <Field
              key={limit.name}
              label={limit.label}
              inputMode="numeric"
              autoComplete="off"
              placeholder="No limit of its own"
              hint={limit.hint}
              error={errors[limit.name]?.message}
              className={limit.wide ? 'sm:col-span-2' : undefined}
              {...register(limit.name)}
            />
          ))}
        {/* the server's message is on `tiers`; the form's own check is on the list as a whole */}
        {traffic && <TierEditor control={control} register={register} error={errors.tiers?.message ?? errors.tiers?.root?.message} />}
        <Field label="Regions (comma-separated)" autoComplete="off" placeholder="US, DE, JP" error={errors.regions?.message} className="sm:col-span-2" {...register('regions')} />
        <TextArea label="Note (optional)" rows={2} error={errors.note?.message} className="sm:col-span-2" {...register('note')} />
        <TextArea
          label="Features (JSON object, optional)"
          rows={3}
          placeholder='{"ipDuration": "1~240 minutes"}'
          error={errors.features?.message}
          mono
          className="sm:col-span-2"
          {...register('features')}
        />
        <label className="flex min-h-6 items-center gap-2 text-sm font-medium sm:col-span-2">
          <input type="checkbox" className="h-4 w-4 accent-brand-600" {...register('active')} />
          Active (offered to customers)
        </label>
        <div className="sm:col-span-2">
          <FormButtons onCancel={onClose} submitLabel={plan ? 'Save plan' : 'Create plan'} busy={save.isPending} />
        </div>
      </form>
    </Dialog>
  );
}
