// /invitation: the page of a sub-user sign-in's invitation link. A link without its email or
// token says so; once the password is set, /login follows.
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '../components/auth-layout';
import { InvitationForm } from '../components/invitation-form';

export default function InvitationPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const email = params.get('email') ?? '';
  const token = params.get('token') ?? '';
  return (
    <AuthLayout title="Set your password" subtitle="You were invited to see a proxy line of a ProxyShop account.">
      {email && token ? (
        <InvitationForm email={email} token={token} onDone={() => void navigate('/login')} />
      ) : (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          This invitation link is incomplete: open the link from the email again, or{' '}
          <Link to="/login" className="font-semibold text-brand-700 hover:underline dark:text-brand-300">
            sign in
          </Link>
          .
        </p>
      )}
    </AuthLayout>
  );
}
