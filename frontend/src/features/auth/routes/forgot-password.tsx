// /forgot-password: a mailed code and a new password sign the customer in (admins land on /admin,
// as after a password sign-in); with two-factor sign-in on, /login's code step follows.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import type { User } from '@/lib/api-types';
import { queryKeys } from '@/lib/query-keys';
import { homeFor, loginTargetFor, useSession } from '@/lib/session';
import { notify } from '@/lib/toast';
import { AuthLayout } from '../components/auth-layout';
import { ForgotPasswordForm } from '../components/forgot-password-form';
import { RESET_TOAST } from '../reset-toast';

export default function ForgotPasswordPage() {
  const { user, isLoading } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [reset, setReset] = useState(false);
  if (isLoading) return <PageSpinner />;
  if (user) return <Navigate to={reset ? loginTargetFor(user) : homeFor(user)} replace />;

  function signedIn(next: User, message: string) {
    setReset(true);
    queryClient.setQueryData(queryKeys.session, next);
    notify.success(message, RESET_TOAST);
  }

  return (
    <AuthLayout title="Reset your password" subtitle="We email you a code to set a new password.">
      <ForgotPasswordForm onSignedIn={signedIn} onTwoFactor={() => void navigate('/login', { state: { twoFactor: 'password' } })} />
    </AuthLayout>
  );
}
