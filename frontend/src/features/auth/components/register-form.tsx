// Registration (docs/screens.md#sign-in-and-registration): Send Code checks the email first and
// then locks for 60 s, the six-box code, password and confirmation, and the optional referral code
// from `?ref=`.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { CodeField } from '@/components/code-field';
import { Field, NewPasswordField } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { refusalText } from '@/lib/account-trial';
import { useRegister } from '../api/register';
import { useSendCode } from '../api/send-code';
import { registerSchema, RESEND_SECONDS, type RegisterValues } from '../schemas';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { useCountdown } from './use-countdown';

const FIELDS = ['email', 'code', 'password', 'confirmPassword'] as const;

export function RegisterForm({ refCode }: { refCode: string | null }) {
  const sendCode = useSendCode();
  const registerUser = useRegister();
  const countdown = useCountdown();
  const [codeSent, setCodeSent] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    trigger,
    getValues,
    setError,
    formState: { errors },
  } = useForm<RegisterValues>({
    resolver: zodResolver(registerSchema),
    defaultValues: { email: '', code: '', password: '', confirmPassword: '' },
  });

  async function onSendCode() {
    if (!(await trigger('email'))) return;
    sendCode.mutate(
      { email: getValues('email').trim() },
      {
        onSuccess: (data) => {
          setCodeSent(true);
          countdown.start(RESEND_SECONDS);
          notify.success(data.message);
        },
        onError: (error) => {
          applyFieldErrors(error, ['email'], setError);
          notify.error(errorMessage(error));
        },
      },
    );
  }

  const onSubmit = handleSubmit((values) =>
    registerUser.mutate(
      {
        email: values.email.trim(),
        password: values.password,
        confirmPassword: values.confirmPassword,
        code: values.code,
        ...(refCode ? { refCode } : {}),
      },
      {
        onSuccess: (data) => {
          notify.success(data.message);
          // the trial promised on this page did not come: say so, and why
          if (data.trial?.state === 'refused') notify.info(refusalText(data.trial.reason));
        },
        onError: (error) => {
          applyFieldErrors(error, FIELDS, setError);
          notify.error(errorMessage(error));
        },
      },
    ),
  );

  const counting = countdown.remaining > 0;
  const sendLabel = counting ? `Resend in ${countdown.remaining}s` : codeSent ? 'Resend' : 'Send Code';

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-5">
      <Field
        label="Email"
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
        error={errors.email?.message}
        trailing={
          <Button
            variant="secondary"
            className="h-11 min-w-32 shrink-0"
            onClick={() => void onSendCode()}
            disabled={counting}
            busy={sendCode.isPending}
            aria-live="polite"
          >
            {sendLabel}
          </Button>
        }
        {...register('email')}
      />
      <CodeField control={control} name="code" label="Verification code" error={errors.code?.message} />
      <NewPasswordField
        label="Password"
        placeholder="At least 6 characters"
        error={errors.password?.message}
        {...register('password')}
      />
      <Field
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        placeholder="Repeat your password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <Button type="submit" size="lg" className="w-full" busy={registerUser.isPending}>
        Sign Up
      </Button>
      <p className="text-center text-sm text-slate-600 dark:text-slate-300">
        Already have an account?{' '}
        <Link to="/login" className="tap-target font-semibold text-brand-700 hover:underline dark:text-brand-300">
          Login
        </Link>
      </p>
    </form>
  );
}
