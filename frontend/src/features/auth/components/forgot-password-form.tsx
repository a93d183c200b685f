// Forgotten password: the email first (the server answers the same whether or not an account
// exists), then the mailed code with the new password and its confirmation.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { CodeField } from '@/components/code-field';
import { Field, NewPasswordField } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import type { User } from '@/lib/api-types';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { notify } from '@/lib/toast';
import { useForgotPassword, useResetPassword } from '../api/password-reset';
import { forgotEmailSchema, RESEND_SECONDS, resetSchema, type ForgotEmailValues, type ResetValues } from '../schemas';
import { isTwoFactorChallenge } from '../api/sign-in-reply';
import { useCountdown } from './use-countdown';
import { RESET_TOAST } from '../reset-toast';

type Props = { onSignedIn: (user: User, message: string) => void; onTwoFactor: () => void };

function EmailStep({ onSent }: { onSent: (email: string) => void }) {
  const forgot = useForgotPassword();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ForgotEmailValues>({ resolver: zodResolver(forgotEmailSchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit((values) =>
    forgot.mutate(values, {
      onSuccess: (data) => {
        notify.success(data.message, RESET_TOAST);
        onSent(values.email);
      },
      onError: (error) => {
        applyFieldErrors(error, ['email'], setError);
        notify.error(errorMessage(error));
      },
    }),
  );

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-5">
      <Field label="Email" type="email" autoComplete="email" placeholder="you@example.com" error={errors.email?.message} {...register('email')} />
      <Button type="submit" size="lg" className="w-full" busy={forgot.isPending}>
        Send reset code
      </Button>
    </form>
  );
}

function ResetStep({ email, onSignedIn, onTwoFactor, onChangeEmail }: Props & { email: string; onChangeEmail: () => void }) {
  const reset = useResetPassword();
  const resend = useForgotPassword();
  const countdown = useCountdown();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ResetValues>({ resolver: zodResolver(resetSchema), defaultValues: { code: '', password: '', confirmPassword: '' } });

  const onSubmit = handleSubmit((values) =>
    reset.mutate(
      { email, ...values },
      {
        onSuccess: (data) => {
          if (isTwoFactorChallenge(data)) onTwoFactor();
          else onSignedIn(data.user, data.message);
        },
        onError: (error) => {
          applyFieldErrors(error, ['code', 'password', 'confirmPassword'], setError);
          notify.error(errorMessage(error));
        },
      },
    ),
  );

  function onResend() {
    resend.mutate(
      { email },
      {
        onSuccess: (data) => {
          countdown.start(RESEND_SECONDS);
          notify.success(data.message, RESET_TOAST);
        },
        onError: (error) => notify.error(errorMessage(error)),
      },
    );
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-5">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        If an account exists for <strong className="wrap-anywhere">{email}</strong>, we sent it a 6-digit code to enter here, in this browser. It is valid for 30 minutes.{' '}
        <button type="button" onClick={onChangeEmail} className="tap-target font-medium text-brand-700 hover:underline dark:text-brand-300">
          Use another email
        </button>
      </p>
      <CodeField control={control} name="code" label="Code from the email" error={errors.code?.message} />
      <NewPasswordField
        label="New password"
        placeholder="At least 6 characters"
        error={errors.password?.message}
        {...register('password')}
      />
      <Field
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        placeholder="Repeat your password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <Button type="submit" size="lg" className="w-full" busy={reset.isPending}>
        Reset password
      </Button>
      <div className="text-center">
        <Button variant="ghost" size="sm" onClick={onResend} disabled={countdown.remaining > 0} busy={resend.isPending}>
          {countdown.remaining > 0 ? `Resend in ${countdown.remaining}s` : 'Resend code'}
        </Button>
      </div>
    </form>
  );
}

export function ForgotPasswordForm({ onSignedIn, onTwoFactor }: Props) {
  const [email, setEmail] = useState<string | null>(null);
  return (
    <div className="space-y-6">
      {email ? (
        <ResetStep email={email} onSignedIn={onSignedIn} onTwoFactor={onTwoFactor} onChangeEmail={() => setEmail(null)} />
      ) : (
        <EmailStep onSent={setEmail} />
      )}
      <p className="text-center text-sm text-slate-600 dark:text-slate-300">
        Remembered it?{' '}
        <Link to="/login" className="tap-target font-semibold text-brand-700 hover:underline dark:text-brand-300">
          Back to login
        </Link>
      </p>
    </div>
  );
}
