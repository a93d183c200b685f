// Adjust a balance: amount (negative to debit) and reason, then a confirmation stating the change.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { formatMoney } from '@/lib/format';
import { notify } from '@/lib/toast';
import { useAdjustBalance } from '../../api/adjust-balance';
import { balanceSchema, toNumber, type BalanceValues } from '../../schemas';
import { balanceStatement } from '../../statements';
import type { AdminUserRow } from '../../types';
import { ConfirmStep, FormButtons } from '../confirm-step';
import { showServerError } from '../server-errors';

export function BalanceDialog({ user, onClose }: { user: AdminUserRow; onClose: () => void }) {
  const adjust = useAdjustBalance();
  const [pending, setPending] = useState<BalanceValues | null>(null);
  const { register, handleSubmit, setError, formState: { errors } } = useForm<BalanceValues>({
    resolver: zodResolver(balanceSchema),
    defaultValues: { amount: '', reason: '' },
  });

  const confirm = (values: BalanceValues) => {
    const amount = toNumber(values.amount);
    adjust.mutate(
      { id: user.id, amount, reason: values.reason.trim() },
      {
        onSuccess: (answer) => {
          notify.success(`${amount > 0 ? 'Credited' : 'Debited'} ${formatMoney(Math.abs(amount))}: balance now ${formatMoney(answer.user.balance)}`);
          onClose();
        },
        onError: (error) => {
          setPending(null);
          showServerError(error, setError, ['amount', 'reason']);
        },
      },
    );
  };

  return (
    <Dialog open onClose={onClose} title="Adjust balance" description={`Current balance ${formatMoney(user.balance)}. A negative amount debits.`}>
      {pending ? (
        <ConfirmStep statement={balanceStatement(user, toNumber(pending.amount))} busy={adjust.isPending} onBack={() => setPending(null)} onConfirm={() => confirm(pending)} />
      ) : (
        <form noValidate onSubmit={(event) => void handleSubmit(setPending)(event)} className="space-y-4">
          <Field label="Amount (USD)" inputMode="decimal" autoComplete="off" placeholder="5.00 or -5.00" error={errors.amount?.message} {...register('amount')} />
          <Field label="Reason" autoComplete="off" error={errors.reason?.message} {...register('reason')} />
          <FormButtons onCancel={onClose} submitLabel="Review" />
        </form>
      )}
    </Dialog>
  );
}
