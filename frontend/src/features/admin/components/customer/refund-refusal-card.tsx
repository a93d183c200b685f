// A customer's self-serve refunds: whether an operator refuses them now (until when, why), and a
// form that refuses them for some days from now (0 lifts it), audited with its reason.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Card } from '@/components/ui/page-parts';
import { notify } from '@/lib/toast';
import { refundRefusalQueryOptions, useSetRefundRefusal } from '../../api/refund-refusal';
import { when } from '../../format';
import { refusalSchema, type RefusalValues } from '../../schemas';
import { MUTED } from '../admin-table';
import { showServerError } from '../server-errors';

export function RefundRefusalCard({ userId }: { userId: number }) {
  const refusal = useQuery(refundRefusalQueryOptions(userId));
  const mutation = useSetRefundRefusal();
  const { register, handleSubmit, setError, reset, formState: { errors } } = useForm<RefusalValues>({
    resolver: zodResolver(refusalSchema),
    defaultValues: { days: '', reason: '' },
  });
  const current = refusal.data?.refusal;
  const save = (values: RefusalValues) =>
    mutation.mutate(
      { id: userId, days: Number(values.days), reason: values.reason.trim() },
      {
        onSuccess: (answer) => {
          notify.success(answer.refusal ? `Refunds refused until ${when(answer.refusal.refusedUntil)}` : 'Refunds allowed again');
          reset({ days: '', reason: '' });
        },
        onError: (error) => showServerError(error, setError, ['days', 'reason']),
      },
    );
  return (
    <Card title="Refunds">
      <p className={`text-sm ${MUTED}`} role="status">
        {current ? `Refused until ${when(current.refusedUntil)}: ${current.reason}` : 'This customer may refund as the terms allow.'}
      </p>
      <form noValidate onSubmit={(event) => void handleSubmit(save)(event)} className="mt-4 grid gap-3 sm:grid-cols-[8rem_minmax(0,1fr)_auto] sm:items-start">
        <Field label="Refuse for (days)" inputMode="numeric" autoComplete="off" placeholder="0 lifts it" error={errors.days?.message} {...register('days')} />
        <Field label="Reason" autoComplete="off" error={errors.reason?.message} {...register('reason')} />
        <Button type="submit" size="sm" busy={mutation.isPending} className="sm:mt-7">
          Save
        </Button>
      </form>
    </Card>
  );
}
