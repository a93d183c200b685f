// Changing the password (or setting a first one on a Google-only account): the registration's
// rules; the server signs every other session out.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field, NewPasswordField } from '@/components/ui/field';
import { Card } from '@/components/ui/page-parts';
import { errorMessage } from '@/lib/api-client';
import type { User } from '@/lib/api-types';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { notify } from '@/lib/toast';
import { useChangePassword } from '../api/password';
import { passwordChangeSchema, type PasswordChangeValues } from '../schemas';
import { hasPassword } from './user-fields';

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

export function PasswordCard({ user }: { user: User }) {
  const change = useChangePassword();
  const withPassword = hasPassword(user);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<PasswordChangeValues>({
    resolver: zodResolver(passwordChangeSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit((values) =>
    change.mutate(
      {
        ...(values.currentPassword ? { currentPassword: values.currentPassword } : {}),
        newPassword: values.newPassword,
        confirmPassword: values.confirmPassword,
      },
      {
        onSuccess: (data) => {
          notify.success(data.message);
          reset();
        },
        onError: (error) => {
          applyFieldErrors(error, FIELDS, setError);
          notify.error(errorMessage(error));
        },
      },
    ),
  );

  return (
    <Card title={withPassword ? 'Password' : 'Set a password'}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-4 sm:grid-cols-2">
        {withPassword ? (
          <Field
            label="Current password"
            type="password"
            autoComplete="current-password"
            className="sm:col-span-2"
            error={errors.currentPassword?.message}
            {...register('currentPassword')}
          />
        ) : (
          <p className="text-sm text-slate-700 sm:col-span-2 dark:text-slate-300">
            You sign in with Google. Set a password to sign in with your email too.
          </p>
        )}
        <NewPasswordField label="New password" error={errors.newPassword?.message} {...register('newPassword')} />
        <Field
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <p className="text-sm text-slate-600 sm:col-span-2 dark:text-slate-400">
          Your other sessions are signed out.
        </p>
        <div className="flex justify-end sm:col-span-2">
          <Button type="submit" busy={change.isPending}>
            Change password
          </Button>
        </div>
      </form>
    </Card>
  );
}
