// A customer's own prices: each kind's discount on every list price of it, and a form that sets one
// (1–90 % off; 0 removes it), audited with its optional reason.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Card } from '@/components/ui/page-parts';
import { SelectField } from '@/components/ui/select-field';
import { notify } from '@/lib/toast';
import { customerPricesQueryOptions, useSetCustomerPrice } from '../../api/customer-prices';
import { kindName } from '../../kinds';
import { PLAN_KINDS, customerPriceSchema, type CustomerPriceValues } from '../../schemas';
import { MUTED } from '../admin-table';
import { showServerError } from '../server-errors';

const EMPTY: CustomerPriceValues = { type: 'premium', percentOff: '', reason: '' };

export function PricesCard({ userId }: { userId: number }) {
  const prices = useQuery(customerPricesQueryOptions(userId));
  const mutation = useSetCustomerPrice();
  const { register, handleSubmit, setError, reset, formState: { errors } } = useForm<CustomerPriceValues>({
    resolver: zodResolver(customerPriceSchema),
    defaultValues: EMPTY,
  });
  const list = prices.data?.prices;

  const save = (values: CustomerPriceValues) => {
    const percentOff = Number(values.percentOff);
    const reason = values.reason.trim();
    mutation.mutate(
      { id: userId, body: { type: values.type, percentOff, ...(reason ? { reason } : {}) } },
      {
        onSuccess: () => {
          notify.success(percentOff === 0 ? `${kindName(values.type)}: back to the list prices` : `${kindName(values.type)}: ${percentOff}% off every list price`);
          reset({ ...EMPTY, type: values.type });
        },
        onError: (error) => showServerError(error, setError, ['type', 'percentOff', 'reason']),
      },
    );
  };

  return (
    <Card title="Prices">
      {prices.isError && !list && <p className="text-sm text-red-700 dark:text-red-400">Could not load the prices.</p>}
      {list && list.length === 0 && <p className={`text-sm ${MUTED}`}>No prices of their own: this customer pays the list prices.</p>}
      {list && list.length > 0 && (
        <ul aria-label="Own prices" className="divide-y divide-slate-200 text-sm dark:divide-slate-800">
          {list.map((price) => (
            <li key={price.type} className="flex items-center justify-between gap-3 py-2">
              <span>{kindName(price.type)}</span>
              <span className="font-medium tabular-nums">{price.percentOff}% off</span>
            </li>
          ))}
        </ul>
      )}
      <form
        noValidate
        onSubmit={(event) => void handleSubmit(save)(event)}
        className="mt-4 grid gap-3 sm:grid-cols-[minmax(0,12rem)_8rem_minmax(0,1fr)_auto] sm:items-start"
      >
        <SelectField label="Kind" error={errors.type?.message} {...register('type')}>
          {PLAN_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {kindName(kind)}
            </option>
          ))}
        </SelectField>
        <Field label="Percent off" inputMode="numeric" autoComplete="off" placeholder="0 removes it" error={errors.percentOff?.message} {...register('percentOff')} />
        <Field label="Reason (optional)" autoComplete="off" error={errors.reason?.message} {...register('reason')} />
        <Button type="submit" size="sm" busy={mutation.isPending} className="sm:mt-7">
          Set price
        </Button>
      </form>
    </Card>
  );
}
