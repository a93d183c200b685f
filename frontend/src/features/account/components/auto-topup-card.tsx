// Auto top-up: per traffic kind, "when remaining traffic falls below X GB, buy plan P" from the
// wallet, at most once per window (the server decides; docs/notifications.md, "Auto top-up").
// Each kind saves on its own; the server checks the threshold and the plan (422 per field), and
// a setting saved already below its threshold buys at once.
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Card } from '@/components/ui/page-parts';
import { SelectField } from '@/components/ui/select-field';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { formatDateTime, formatMoney, fromUnixSeconds } from '@/lib/format';
import { KIND_NAMES, type TrafficKind } from '@/lib/kinds';
import { type Plan, plansQueryOptions } from '@/lib/plans';
import { notify } from '@/lib/toast';
import { type AutoTopupItem, useAutoTopup, useSaveAutoTopup } from '../api/auto-topup';

type Values = { enabled: boolean; belowGb: string; planId: string };
const FIELDS = ['enabled', 'belowGb', 'planId'] as const;

const valuesOf = (item: AutoTopupItem): Values => ({
  enabled: item.enabled,
  belowGb: String(item.belowGb),
  planId: item.planId == null ? '' : String(item.planId),
});

// The form is laid out once the plans are known: a select whose options arrive after its value
// was set shows the first option ("Choose a plan"), not the plan the server holds.
function KindForm({ item, kind }: { item: AutoTopupItem; kind: TrafficKind }) {
  const plans = useQuery(plansQueryOptions(kind));
  if (plans.isPending) return <Skeleton className="h-24 w-full" />;
  return <KindFields item={item} kind={kind} plans={plans.data ?? []} />;
}

function KindFields({ item, kind, plans }: { item: AutoTopupItem; kind: TrafficKind; plans: Plan[] }) {
  const name = KIND_NAMES[kind];
  // The held plan stays visible even when it is no longer listed for sale.
  const held = item.planId != null && !plans.some((plan) => plan.id === String(item.planId)) ? String(item.planId) : null;
  const save = useSaveAutoTopup();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm<Values>({ defaultValues: valuesOf(item) });

  const onSubmit = handleSubmit((values) =>
    save.mutate(
      // An empty or unreadable entry is sent as is for the server to refuse on its field.
      { type: kind, enabled: values.enabled, belowGb: Number(values.belowGb), planId: Number(values.planId) },
      {
        onSuccess: (data) => {
          const saved = data.items.find((i) => i.type === kind);
          const bought = saved?.lastRunAt != null && saved.lastRunAt !== item.lastRunAt;
          notify.success(bought ? `${name} traffic topped up` : `${name} auto top-up saved`);
          if (saved) reset(valuesOf(saved));
        },
        onError: (error) => {
          applyFieldErrors(error, FIELDS, setError);
          notify.error(errorMessage(error));
        },
      },
    ),
  );

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label={`${name} auto top-up`}
      className="grid gap-4 border-t border-slate-200 pt-4 first:border-t-0 first:pt-0 sm:grid-cols-2 dark:border-slate-800"
    >
      <label className="flex min-h-6 items-center gap-2 text-sm font-semibold sm:col-span-2">
        <input type="checkbox" role="switch" className="h-4 w-4 accent-brand-600" {...register('enabled')} />
        {name}: top up automatically
      </label>
      <Field
        label="When remaining traffic falls below (GB)"
        inputMode="decimal"
        error={errors.belowGb?.message}
        {...register('belowGb')}
      />
      <SelectField label="Buy plan" error={errors.planId?.message} {...register('planId')}>
        <option value="">Choose a plan</option>
        {held !== null && <option value={held}>{`Plan #${held} (no longer on sale)`}</option>}
        {plans.map((plan) => (
          <option key={plan.id} value={plan.id}>
            {`${plan.name} · ${plan.amount} GB · ${formatMoney(plan.price)}`}
          </option>
        ))}
      </SelectField>
      <div className="flex flex-wrap items-center gap-4 sm:col-span-2">
        <Button type="submit" busy={save.isPending} disabled={!isDirty}>
          {`Save ${name} top-up`}
        </Button>
        {item.lastRunAt != null && (
          <span className="text-sm text-slate-600 dark:text-slate-400">
            Last top-up: {formatDateTime(fromUnixSeconds(item.lastRunAt))}
          </span>
        )}
      </div>
    </form>
  );
}

export function AutoTopupCard() {
  const { data } = useAutoTopup();
  return (
    <Card title="Auto top-up">
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">
        Buys the chosen plan from your wallet when your remaining traffic falls below the amount you set, at most once per interval set by the shop (an hour by default). If your balance does not cover the plan, nothing is bought and you get one notification.
      </p>
      {data ? (
        <div className="space-y-4">
          {(['premium', 'budget'] as const).map((kind) => {
            const item = data.items.find((i) => i.type === kind);
            return item ? <KindForm key={kind} item={item} kind={kind} /> : null;
          })}
        </div>
      ) : (
        <Skeleton className="h-24 w-full" />
      )}
    </Card>
  );
}
