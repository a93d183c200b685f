// /login, "Welcome back". Signed-in visitors are sent on (admin /admin/dashboard,
// others /onboard, replacing history); right after a password sign-in admins land on /admin.
// An account with two-factor sign-in on answers the password (or Google) with a code step; so does
// a sign-in from a new network while the account is under attack, with a code sent by mail.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import type { User } from '@/lib/api-types';
import { queryKeys } from '@/lib/query-keys';
import { homeFor, loginTargetFor, useSession } from '@/lib/session';
import { notify } from '@/lib/toast';
import { AuthLayout } from '../components/auth-layout';
import { GoogleButton } from '../components/google-button';
import { LoginForm } from '../components/login-form';
import type { SecondFactor } from '../api/sign-in-reply';
import { TwoFactorStep } from '../components/two-factor-step';

type Via = 'password' | 'google';

const SUBTITLES: Record<SecondFactor, string> = {
  totp: 'Enter the code from your authenticator app, or one of your recovery codes.',
  email:
    'There were many failed attempts to sign in to this account, so signing in from a new network needs the code we just mailed to you (if the password was right).',
};
/** Set by /register and /forgot-password when their sign-in asked for the second factor. */
export type LoginState = { twoFactor?: Via } | null;

export default function LoginPage() {
  const { user, isLoading } = useSession();
  const queryClient = useQueryClient();
  const location = useLocation();
  const [viaPassword, setViaPassword] = useState(false);
  const [twoFactor, setTwoFactor] = useState<Via | null>((location.state as LoginState)?.twoFactor ?? null);
  const [method, setMethod] = useState<SecondFactor>('totp');
  if (isLoading) return <PageSpinner />;
  if (user) return <Navigate to={viaPassword ? loginTargetFor(user) : homeFor(user)} replace />;

  function signedIn(next: User, message: string) {
    setViaPassword(twoFactor === 'password');
    queryClient.setQueryData(queryKeys.session, next);
    notify.success(message);
  }

  if (twoFactor) {
    return (
      <AuthLayout title={method === 'email' ? 'Check your email' : 'Two-factor sign-in'} subtitle={SUBTITLES[method]}>
        <TwoFactorStep method={method} onSignedIn={signedIn} onRestart={() => setTwoFactor(null)} />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Welcome back" subtitle="Log in to manage your proxies and wallet.">
      <GoogleButton mode="signin" onTwoFactor={() => setTwoFactor('google')} />
      <LoginForm
        onSignedIn={() => setViaPassword(true)}
        onTwoFactor={(next) => {
          setMethod(next);
          setTwoFactor('password');
        }}
      />
    </AuthLayout>
  );
}
