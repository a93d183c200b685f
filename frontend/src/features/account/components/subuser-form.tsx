// The sub-user forms: a new one (name, kind, optional GB cap and connection cap) and the caps of
// an existing one. Empty caps mean none.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select-field';
import { errorMessage } from '@/lib/api-client';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import type { Subuser } from '@/lib/subusers';
import { notify } from '@/lib/toast';
import { useAddSubuser, useChangeSubuser } from '../api/subusers';
import { capValue, subuserCapsSchema, subuserSchema, type SubuserCapsValues, type SubuserValues } from '../schemas';

function Actions({ busy, label, onCancel }: { busy: boolean; label: string; onCancel: () => void }) {
  return (
    <div className="flex justify-end gap-3">
      <Button variant="outline" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <Button type="submit" busy={busy}>
        {label}
      </Button>
    </div>
  );
}

export function SubuserForm({ onDone }: { onDone: () => void }) {
  const add = useAddSubuser();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SubuserValues>({
    resolver: zodResolver(subuserSchema),
    defaultValues: { name: '', type: 'premium', limitGb: '', maxConnections: '' },
  });

  const onSubmit = handleSubmit((values) => {
    add.mutate(
      { name: values.name.trim(), type: values.type, limitGb: capValue(values.limitGb), maxConnections: capValue(values.maxConnections) },
      {
        onSuccess: (created) => {
          notify.success(`Sub-user ${created.name} added`);
          onDone();
        },
        onError: (error) => {
          applyFieldErrors(error, ['name', 'type', 'limitGb', 'maxConnections'], setError);
          notify.error(errorMessage(error));
        },
      },
    );
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
      <Field label="Name" placeholder="scraper1" maxLength={16} autoComplete="off" error={errors.name?.message} {...register('name')} />
      <SelectField label="Proxy type" error={errors.type?.message} {...register('type')}>
        <option value="premium">Premium Residential</option>
        <option value="budget">Budget Residential</option>
      </SelectField>
      <Field label="Traffic cap in GB (optional)" placeholder="No cap" inputMode="decimal" error={errors.limitGb?.message} {...register('limitGb')} />
      <Field
        label="Max connections (optional)"
        placeholder="No limit"
        inputMode="numeric"
        error={errors.maxConnections?.message}
        {...register('maxConnections')}
      />
      <Actions busy={add.isPending} label="Add sub-user" onCancel={onDone} />
    </form>
  );
}

const typed = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

export function SubuserCapsForm({ subuser, onDone }: { subuser: Subuser; onDone: () => void }) {
  const change = useChangeSubuser();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SubuserCapsValues>({
    resolver: zodResolver(subuserCapsSchema),
    defaultValues: { limitGb: typed(subuser.limitGb), maxConnections: typed(subuser.maxConnections) },
  });

  const onSubmit = handleSubmit((values) => {
    change.mutate(
      { id: subuser.id, body: { limitGb: capValue(values.limitGb), maxConnections: capValue(values.maxConnections) } },
      {
        onSuccess: () => {
          notify.success(`Sub-user ${subuser.name} saved`);
          onDone();
        },
        onError: (error) => {
          applyFieldErrors(error, ['limitGb', 'maxConnections'], setError);
          notify.error(errorMessage(error));
        },
      },
    );
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
      <Field label="Traffic cap in GB (optional)" placeholder="No cap" inputMode="decimal" error={errors.limitGb?.message} {...register('limitGb')} />
      <Field
        label="Max connections (optional)"
        placeholder="No limit"
        inputMode="numeric"
        error={errors.maxConnections?.message}
        {...register('maxConnections')}
      />
      <Actions busy={change.isPending} label="Save" onCancel={onDone} />
    </form>
  );
}
