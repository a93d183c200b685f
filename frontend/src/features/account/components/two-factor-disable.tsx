// Turning two-factor sign-in off: the password (when the account has one) and a code from the app
// or a recovery code.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { notify } from '@/lib/toast';
import { useDisableTwoFactor } from '../api/two-factor';
import { disableSchema, type DisableValues } from '../schemas';

export function TwoFactorDisable({ withPassword, onDone }: { withPassword: boolean; onDone: () => void }) {
  const disable = useDisableTwoFactor();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<DisableValues>({ resolver: zodResolver(disableSchema), defaultValues: { password: '', code: '' } });

  const onSubmit = handleSubmit((values) =>
    disable.mutate(
      { code: values.code, ...(values.password ? { password: values.password } : {}) },
      {
        onSuccess: (data) => {
          notify.success(data.message);
          onDone();
        },
        onError: (error) => {
          applyFieldErrors(error, ['password', 'code'], setError);
          notify.error(errorMessage(error));
        },
      },
    ),
  );

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-4 sm:grid-cols-2">
      {withPassword && (
        <Field label="Current password" type="password" autoComplete="current-password" error={errors.password?.message} {...register('password')} />
      )}
      <Field
        label="Authenticator or recovery code"
        autoComplete="one-time-code"
        spellCheck={false}
        error={errors.code?.message}
        {...register('code')}
      />
      <div className="flex flex-wrap justify-end gap-3 sm:col-span-2">
        <Button variant="outline" onClick={onDone} disabled={disable.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" busy={disable.isPending}>
          Turn off two-factor sign-in
        </Button>
      </div>
    </form>
  );
}
