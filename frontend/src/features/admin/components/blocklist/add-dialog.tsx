// Block a destination for every customer: the pattern (a domain, its subdomains, an address or
// range, a port), the proxy kinds it applies to and the reason the acceptable use page shows,
// then a confirmation stating the change.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { PROXY_KINDS as KINDS, kindName } from '@/lib/kinds';
import { notify } from '@/lib/toast';
import { z } from '@/lib/zod';
import { useAddRule } from '../../api/blocklist';
import { MESSAGES } from '../../schemas';
import { ConfirmStep, FormButtons } from '../confirm-step';
import { showServerError } from '../server-errors';

export const PATTERN_MESSAGE = 'Please enter a domain (example.gov), its subdomains (*.gov), an IP address or CIDR range, or a port (:25)';
const KINDS_MESSAGE = 'Please choose at least one proxy type, each once';

const ruleSchema = z.object({
  pattern: z.string().trim().min(1, PATTERN_MESSAGE).max(253, PATTERN_MESSAGE).regex(/^[^\s/]+(\/\d{1,3})?$/, PATTERN_MESSAGE),
  kinds: z.array(z.enum(KINDS)).min(1, KINDS_MESSAGE),
  reason: z.string().trim().min(3, MESSAGES.reason).max(200, MESSAGES.reason),
});
type RuleValues = z.infer<typeof ruleSchema>;

export function AddRuleDialog({ onClose }: { onClose: () => void }) {
  const add = useAddRule();
  const [pending, setPending] = useState<RuleValues | null>(null);
  const { register, handleSubmit, setError, formState: { errors } } = useForm<RuleValues>({
    resolver: zodResolver(ruleSchema),
    defaultValues: { pattern: '', kinds: [...KINDS], reason: '' },
  });

  const confirm = (values: RuleValues) =>
    add.mutate(
      { pattern: values.pattern.trim(), kinds: values.kinds, reason: values.reason.trim() },
      {
        onSuccess: (rule) => {
          notify.success(`${rule.pattern} is blocked`);
          onClose();
        },
        onError: (error) => {
          setPending(null);
          showServerError(error, setError, ['pattern', 'kinds', 'reason']);
        },
      },
    );

  return (
    <Dialog open onClose={onClose} title="Block a destination" description="Every customer's connections to it are refused before connecting.">
      {pending ? (
        <ConfirmStep
          statement={`Refuse ${pending.pattern.trim()} to every customer using ${pending.kinds.length === KINDS.length ? 'any proxy type' : pending.kinds.map(kindName).join(', ')}.`}
          busy={add.isPending}
          onBack={() => setPending(null)}
          onConfirm={() => confirm(pending)}
        />
      ) : (
        <form noValidate onSubmit={(event) => void handleSubmit(setPending)(event)} className="space-y-4">
          <Field label="Destination" autoComplete="off" placeholder="*.example.gov, 203.0.113.0/24 or :25" error={errors.pattern?.message} {...register('pattern')} />
          <fieldset>
            <legend className="mb-1 text-sm font-medium">Proxy types</legend>
            <div className="grid grid-cols-1 gap-1 sm:grid-cols-2">
              {KINDS.map((kind) => (
                <label key={kind} className="flex items-center gap-2 text-sm">
                  <input type="checkbox" value={kind} {...register('kinds')} />
                  {kindName(kind)}
                </label>
              ))}
            </div>
            {errors.kinds?.message && <p className="mt-1 text-sm text-red-700 dark:text-red-400">{errors.kinds.message}</p>}
          </fieldset>
          <Field label="Reason (shown on the acceptable use page)" autoComplete="off" error={errors.reason?.message} {...register('reason')} />
          <FormButtons onCancel={onClose} submitLabel="Review" />
        </form>
      )}
    </Dialog>
  );
}
