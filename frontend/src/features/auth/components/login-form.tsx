// Email + password sign-in (docs/screens.md#sign-in-and-registration). On success the page
// redirects (or shows the two-factor step); failures toast the server's message.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { notify } from '@/lib/toast';
import { useLogin } from '../api/login';
import { loginSchema, type LoginValues } from '../schemas';
import { isTwoFactorChallenge, type SecondFactor } from '../api/sign-in-reply';
import { applyFieldErrors } from '@/lib/apply-field-errors';

type LoginFormProps = {
  onSignedIn: () => void;
  onTwoFactor: (method: SecondFactor) => void;
  /** A reseller's branded page (/r/:slug): only that reseller and its clients sign in, and no sign-up is offered. */
  brand?: string;
};

export function LoginForm({ onSignedIn, onTwoFactor, brand }: LoginFormProps) {
  const login = useLogin();
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<LoginValues>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit((values) =>
    login.mutate(brand ? { ...values, brand } : values, {
      onSuccess: (data) => {
        if (isTwoFactorChallenge(data)) {
          onTwoFactor(data.method);
          return;
        }
        onSignedIn();
        queryClient.setQueryData(queryKeys.session, data.user);
        notify.success(data.message);
      },
      onError: (error) => {
        applyFieldErrors(error, ['email', 'password'], setError);
        notify.error(errorMessage(error));
      },
    }),
  );

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-5">
      <Field label="Email" type="email" autoComplete="email" placeholder="you@example.com" error={errors.email?.message} {...register('email')} />
      <div>
        <Field
          label="Password"
          type="password"
          autoComplete="current-password"
          placeholder="Your password"
          error={errors.password?.message}
          {...register('password')}
        />
        <div className="mt-2 text-right">
          <Link to="/forgot-password" className="tap-target text-sm font-medium text-brand-700 hover:underline dark:text-brand-300">
            Forgot your password?
          </Link>
        </div>
      </div>
      <Button type="submit" size="lg" className="w-full" busy={login.isPending}>
        Login
      </Button>
      {!brand && (
        <p className="text-center text-sm text-slate-600 dark:text-slate-300">
          Don&apos;t have an account?{' '}
          <Link to="/register" className="tap-target font-semibold text-brand-700 hover:underline dark:text-brand-300">
            Sign up
          </Link>
        </p>
      )}
    </form>
  );
}
