// Full name and phone: PATCH /api/user/profile; the top bar shows the new name once saved.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Card } from '@/components/ui/page-parts';
import { errorMessage } from '@/lib/api-client';
import type { User } from '@/lib/api-types';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { displayName } from '@/lib/session';
import { notify } from '@/lib/toast';
import { useUpdateProfile } from '../api/profile';
import { NAME_MAX, profileSchema, type ProfileValues } from '../schemas';
import { userPhone } from './user-fields';

export function ProfileCard({ user }: { user: User }) {
  const update = useUpdateProfile();
  const defaults = { name: displayName(user), phone: userPhone(user) };
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm<ProfileValues, unknown, { name: string; phone: string }>({ resolver: zodResolver(profileSchema), defaultValues: defaults });

  const onSubmit = handleSubmit((values) =>
    update.mutate(
      { name: values.name, phone: values.phone === '' ? null : values.phone },
      {
        onSuccess: (data) => {
          notify.success(data.message);
          reset({ name: displayName(data.user), phone: userPhone(data.user) || values.phone });
        },
        onError: (error) => {
          applyFieldErrors(error, ['name', 'phone'], setError);
          notify.error(errorMessage(error));
        },
      },
    ),
  );

  return (
    <Card title="Profile">
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-4 sm:grid-cols-2">
        <Field label="Full name" autoComplete="name" maxLength={NAME_MAX + 20} error={errors.name?.message} {...register('name')} />
        <Field
          label="Phone (optional)"
          type="tel"
          autoComplete="tel"
          placeholder="+14155550123"
          error={errors.phone?.message}
          {...register('phone')}
        />
        <div className="flex justify-end gap-3 sm:col-span-2">
          <Button variant="outline" disabled={!isDirty || update.isPending} onClick={() => reset(defaults)}>
            Cancel
          </Button>
          <Button type="submit" busy={update.isPending}>
            Save profile
          </Button>
        </div>
      </form>
    </Card>
  );
}
