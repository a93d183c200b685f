// Allow a network more free trials for today: the network (an address or range; the server takes
// its /24 or /64), how many (1–1000) and the reason, then a confirmation stating the change.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from '@/lib/zod';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { notify } from '@/lib/toast';
import { useAllowTrials } from '../../api/trial-networks';
import { MESSAGES } from '../../schemas';
import { ConfirmStep, FormButtons } from '../confirm-step';
import { showServerError } from '../server-errors';

const TRIAL_MESSAGES = {
  network: 'Enter an IP address or range, e.g. 203.0.113.0/24',
  trials: 'Trials must be a whole number from 1 to 1000',
} as const;

const allowSchema = z.object({
  network: z.string().trim().regex(/^[0-9A-Fa-f:.]+(\/\d{1,3})?$/, TRIAL_MESSAGES.network),
  trials: z
    .string()
    .trim()
    .regex(/^\d+$/, TRIAL_MESSAGES.trials)
    .refine((text) => Number(text) >= 1 && Number(text) <= 1000, TRIAL_MESSAGES.trials),
  reason: z.string().trim().min(3, MESSAGES.reason).max(200, MESSAGES.reason),
});
type AllowValues = z.infer<typeof allowSchema>;

export function AllowTrialsDialog({ network, onClose }: { network: string; onClose: () => void }) {
  const allow = useAllowTrials();
  const [pending, setPending] = useState<AllowValues | null>(null);
  const { register, handleSubmit, setError, formState: { errors } } = useForm<AllowValues>({
    resolver: zodResolver(allowSchema),
    defaultValues: { network, trials: '', reason: '' },
  });

  const confirm = (values: AllowValues) =>
    allow.mutate(
      { network: values.network.trim(), trials: Number(values.trials), reason: values.reason.trim() },
      {
        onSuccess: (row) => {
          notify.success(`${row.network}: ${row.trials} of ${row.limit} trials used today`);
          onClose();
        },
        onError: (error) => {
          setPending(null);
          showServerError(error, setError, ['network', 'trials', 'reason']);
        },
      },
    );

  return (
    <Dialog open onClose={onClose} title="Allow more free trials" description="For today (UTC) only, on top of the daily limit.">
      {pending ? (
        <ConfirmStep
          statement={`Allow ${pending.trials} more free ${Number(pending.trials) === 1 ? 'trial' : 'trials'} today to sign-ups from the network of ${pending.network.trim()}.`}
          busy={allow.isPending}
          onBack={() => setPending(null)}
          onConfirm={() => confirm(pending)}
        />
      ) : (
        <form noValidate onSubmit={(event) => void handleSubmit(setPending)(event)} className="space-y-4">
          <Field label="Network" autoComplete="off" placeholder="203.0.113.0/24" error={errors.network?.message} {...register('network')} />
          <Field label="More trials" inputMode="numeric" autoComplete="off" placeholder="5" error={errors.trials?.message} {...register('trials')} />
          <Field label="Reason" autoComplete="off" error={errors.reason?.message} {...register('reason')} />
          <FormButtons onCancel={onClose} submitLabel="Review" />
        </form>
      )}
    </Dialog>
  );
}
