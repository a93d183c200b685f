// Grant or remove premium/budget traffic: kind, GB (negative removes) and reason, then a
// confirmation stating the change to what is available and, for a grant, to the expiry (the
// server moves it to the longest plan's validity from now, read from the plans on sale).
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select-field';
import { notify } from '@/lib/toast';
import { useChangeTraffic } from '../../api/change-traffic';
import { plansQueryOptions } from '../../api/get-plans';
import { toNumber, trafficSchema, type TrafficValues } from '../../schemas';
import { grantDays, trafficStatement } from '../../statements';
import type { TrafficRow } from '../../types';
import { ConfirmStep, FormButtons } from '../confirm-step';
import { showServerError } from '../server-errors';
import { kindName } from '../../kinds';
import { formatTraffic } from '@/lib/format';

export function TrafficDialog({ userId, email, traffic, onClose }: { userId: number; email: string; traffic: TrafficRow[]; onClose: () => void }) {
  const change = useChangeTraffic();
  const plans = useQuery(plansQueryOptions(''));
  // what is reviewed, and when the review was asked for (unix seconds): the expiry it states
  const [pending, setPending] = useState<{ values: TrafficValues; at: number } | null>(null);
  const { register, handleSubmit, setError, formState: { errors } } = useForm<TrafficValues>({
    resolver: zodResolver(trafficSchema),
    defaultValues: { type: 'premium', gb: '', reason: '' },
  });

  const confirm = (values: TrafficValues) => {
    const gb = toNumber(values.gb);
    change.mutate(
      { id: userId, type: values.type, gb, reason: values.reason.trim() },
      {
        onSuccess: (answer) => {
          notify.success(`${kindName(values.type)}: ${formatTraffic(answer.traffic.available)} available now`);
          onClose();
        },
        onError: (error) => {
          setPending(null);
          showServerError(error, setError, ['type', 'gb', 'reason']);
        },
      },
    );
  };

  return (
    <Dialog open onClose={onClose} title="Grant or remove traffic" description="A negative number of GB removes unused traffic.">
      {pending ? (
        <ConfirmStep
          statement={trafficStatement(email, traffic.find((row) => row.type === pending.values.type), pending.values.type, toNumber(pending.values.gb), {
            days: grantDays(plans.data?.items, pending.values.type),
            now: pending.at,
          })}
          busy={change.isPending}
          onBack={() => setPending(null)}
          onConfirm={() => confirm(pending.values)}
        />
      ) : (
        <form noValidate onSubmit={(event) => void handleSubmit((values) => setPending({ values, at: Math.floor(Date.now() / 1000) }))(event)} className="space-y-4">
          <SelectField label="Kind" error={errors.type?.message} {...register('type')}>
            <option value="premium">{kindName('premium')}</option>
            <option value="budget">{kindName('budget')}</option>
          </SelectField>
          <Field label="GB" inputMode="decimal" autoComplete="off" placeholder="10 or -2.5" error={errors.gb?.message} {...register('gb')} />
          <Field label="Reason" autoComplete="off" error={errors.reason?.message} {...register('reason')} />
          <FormButtons onCancel={onClose} submitLabel="Review" />
        </form>
      )}
    </Dialog>
  );
}
