// /register: reads `?ref=` as the referral code; signed-in visitors are redirected as
// on /login, and a new account lands on /onboard. A Google account with two-factor sign-in on
// continues on /login's code step. The trial's promise says its limits (one per mailbox, a few
// per network a day); a sign-up that got none is told so (register-form.tsx).
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { homeFor, useSession } from '@/lib/session';
import { AuthLayout } from '../components/auth-layout';
import { GoogleButton } from '../components/google-button';
import { RegisterForm } from '../components/register-form';
import { TRIAL_LIMITS, useTrial } from '@/lib/trial';

export default function RegisterPage() {
  const { user, isLoading } = useSession();
  const [params] = useSearchParams();
  const refCode = params.get('ref')?.trim() || null;
  const trial = useTrial();
  const navigate = useNavigate();
  if (isLoading) return <PageSpinner />;
  if (user) return <Navigate to={homeFor(user)} replace />;
  return (
    <AuthLayout title="Create your account" subtitle={trial.offered ? `${trial.summary}, once you verify your email. ${TRIAL_LIMITS}` : 'Create your account in under a minute.'}>
      {refCode && (
        <p className="mb-6 rounded-lg bg-emerald-50 px-4 py-3 text-sm text-emerald-800 dark:bg-emerald-950/60 dark:text-emerald-200">
          Referral code <strong>{refCode}</strong> will be applied to your account.
        </p>
      )}
      <GoogleButton mode="signup" refCode={refCode} onTwoFactor={() => void navigate('/login', { state: { twoFactor: 'google' } })} />
      <RegisterForm refCode={refCode} />
    </AuthLayout>
  );
}
