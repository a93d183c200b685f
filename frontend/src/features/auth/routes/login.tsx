// /login, "Welcome back". Signed-in visitors are sent on (admin /admin/dashboard,
// others /onboard, replacing history); right after a password sign-in admins land on /admin.
import { useState } from 'react';
import { Navigate } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { homeFor, loginTargetFor, useSession } from '@/lib/session';
import { AuthLayout } from '../components/auth-layout';
import { GoogleButton } from '../components/google-button';
import { LoginForm } from '../components/login-form';

export default function LoginPage() {
  const { user, isLoading } = useSession();
  const [viaPassword, setViaPassword] = useState(false);
  if (isLoading) return <PageSpinner />;
  if (user) return <Navigate to={viaPassword ? loginTargetFor(user) : homeFor(user)} replace />;
  return (
    <AuthLayout title="Welcome back" subtitle="Log in to manage your proxies and wallet.">
      <GoogleButton mode="signin" />
      <LoginForm onSignedIn={() => setViaPassword(true)} />
    </AuthLayout>
  );
}
