// Settle a pending or unknown order by hand: failed (refund and return the stock) or delivered
// (exactly one host:port:user:pass line per ordered proxy), with a reason, then a confirmation.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { notify } from '@/lib/toast';
import { useResolveOrder } from '../api/resolve-order';
import { proxyLines, resolveSchema, type ResolveValues } from '../schemas';
import { kindName } from '../kinds';
import { resolveStatement } from '../statements';
import type { AdminOrder } from '../types';
import { ConfirmStep, FormButtons } from './confirm-step';
import { showServerError } from './server-errors';
import { TextArea } from '@/components/ui/text-area';
import { plural } from '@/lib/plural';

export function ResolveDialog({ order, onClose }: { order: AdminOrder; onClose: () => void }) {
  const resolve = useResolveOrder();
  const [pending, setPending] = useState<ResolveValues | null>(null);
  const { control, register, handleSubmit, setError, formState: { errors } } = useForm<ResolveValues>({
    resolver: zodResolver(resolveSchema(order.quantity)),
    defaultValues: { outcome: 'failed', proxies: '', reason: '' },
  });
  const outcome = useWatch({ control, name: 'outcome' });

  const confirm = (values: ResolveValues) =>
    resolve.mutate(
      {
        id: order.id,
        outcome: values.outcome,
        ...(values.outcome === 'delivered' ? { proxies: proxyLines(values.proxies) } : {}),
        reason: values.reason.trim(),
      },
      {
        onSuccess: (answer) => {
          notify.success(`Order #${answer.order.id} is ${answer.order.status}`);
          onClose();
        },
        onError: (error) => {
          setPending(null);
          showServerError(error, setError, ['outcome', 'proxies', 'reason']);
        },
      },
    );

  return (
    <Dialog open wide onClose={onClose} title={`Resolve order #${order.id}`} description={`${order.quantity} × ${kindName(order.type)} for ${order.userEmail}, status ${order.status}.`}>
      {pending ? (
        <ConfirmStep statement={resolveStatement(order, pending.outcome)} danger={pending.outcome === 'failed'} busy={resolve.isPending} onBack={() => setPending(null)} onConfirm={() => confirm(pending)} />
      ) : (
        <form noValidate onSubmit={(event) => void handleSubmit(setPending)(event)} className="space-y-4">
          <fieldset aria-describedby={errors.outcome ? 'resolve-outcome-error' : undefined}>
            <legend className="mb-1.5 text-sm font-medium text-slate-700 dark:text-slate-200">Outcome</legend>
            <div className="flex flex-wrap gap-4 text-sm">
              <label className="flex items-center gap-2">
                <input type="radio" value="failed" className="h-4 w-4 accent-brand-600" {...register('outcome')} />
                Failed: refund the customer
              </label>
              <label className="flex items-center gap-2">
                <input type="radio" value="delivered" className="h-4 w-4 accent-brand-600" {...register('outcome')} />
                Delivered: record the proxies
              </label>
            </div>
            {errors.outcome && (
              <p id="resolve-outcome-error" className="mt-1.5 text-sm text-red-600 dark:text-red-400">
                {errors.outcome.message}
              </p>
            )}
          </fieldset>
          {outcome === 'delivered' && (
            <TextArea
              label="Proxies"
              rows={Math.min(8, Math.max(3, order.quantity))}
              placeholder="host:port:user:pass"
              hint={`One host:port:user:pass line per proxy: ${plural(order.quantity, 'line', 'lines')}.`}
              error={errors.proxies?.message}
              mono
              {...register('proxies')}
            />
          )}
          <Field label="Reason" autoComplete="off" error={errors.reason?.message} {...register('reason')} />
          <FormButtons onCancel={onClose} submitLabel="Review" />
        </form>
      )}
    </Dialog>
  );
}
