// The invitation link's page (/invitation?email=&token=): the invitee of a sub-user sets a first
// password, then signs in on /login like anyone (docs/subusers.md).
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field, NewPasswordField } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { notify } from '@/lib/toast';
import { useAcceptInvitation } from '../api/accept-invitation';
import { invitationSchema, type InvitationValues } from '../schemas';

type Props = { email: string; token: string; onDone: () => void };

export function InvitationForm({ email, token, onDone }: Props) {
  const accept = useAcceptInvitation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<InvitationValues>({ resolver: zodResolver(invitationSchema), defaultValues: { password: '', confirmPassword: '' } });

  const onSubmit = handleSubmit((values) =>
    accept.mutate(
      { email, token, ...values },
      {
        onSuccess: (data) => {
          notify.success(data.message);
          onDone();
        },
        onError: (error) => {
          applyFieldErrors(error, ['password', 'confirmPassword'], setError);
          notify.error(errorMessage(error));
        },
      },
    ),
  );

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-5">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Set the password you will sign in with as <strong className="wrap-anywhere">{email}</strong>.
      </p>
      <NewPasswordField label="Password" placeholder="At least 6 characters" error={errors.password?.message} {...register('password')} />
      <Field
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        placeholder="Repeat your password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <Button type="submit" size="lg" className="w-full" busy={accept.isPending}>
        Set password
      </Button>
    </form>
  );
}
