// The new allowlist entry: the address or range, the traffic kind it is metered to, and its
// default targeting (country, rotating or sticky).
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select-field';
import { errorMessage } from '@/lib/api-client';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { notify } from '@/lib/toast';
import { useAddAllowlistEntry } from '../api/allowlist';
import { allowlistSchema, type AllowlistValues } from '../schemas';

export function AllowlistForm({ onDone }: { onDone: () => void }) {
  const add = useAddAllowlistEntry();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<AllowlistValues>({
    resolver: zodResolver(allowlistSchema),
    defaultValues: { ip: '', type: 'premium', rotation: 'random', country: '' },
  });

  const onSubmit = handleSubmit((values) => {
    add.mutate(
      {
        ip: values.ip.trim(),
        type: values.type,
        rotation: values.rotation,
        country: values.country.trim() === '' ? null : values.country.trim().toLowerCase(),
      },
      {
        onSuccess: (entry) => {
          notify.success(`${entry.ip} allowlisted`);
          onDone();
        },
        onError: (error) => {
          applyFieldErrors(error, ['ip', 'type', 'rotation', 'country'], setError);
          notify.error(errorMessage(error));
        },
      },
    );
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
      <Field label="IP address or range" placeholder="203.0.113.7 or 203.0.113.0/24" error={errors.ip?.message} {...register('ip')} />
      <SelectField label="Proxy type" error={errors.type?.message} {...register('type')}>
        <option value="premium">Premium Residential</option>
        <option value="budget">Budget Residential</option>
      </SelectField>
      <SelectField label="Rotation" error={errors.rotation?.message} {...register('rotation')}>
        <option value="random">Rotating</option>
        <option value="sticky">Sticky</option>
      </SelectField>
      <Field label="Country (optional)" placeholder="us" maxLength={2} error={errors.country?.message} {...register('country')} />
      <div className="flex justify-end gap-3">
        <Button variant="outline" onClick={onDone} disabled={add.isPending}>
          Cancel
        </Button>
        <Button type="submit" busy={add.isPending}>
          Add address
        </Button>
      </div>
    </form>
  );
}
