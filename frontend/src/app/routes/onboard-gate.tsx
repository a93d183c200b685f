// /onboard/*: a sub-user's sign-in gets its own restricted dashboard (docs/subusers.md), everyone
// else the customer's dashboard.
import DashboardLayout from '@/features/dashboard/components/dashboard-layout';
import { SubuserLayout } from '@/features/subuser/components/subuser-layout';
import { useSession } from '@/lib/session';

export default function OnboardGate() {
  const { user } = useSession();
  if (user?.subuserId !== null && user?.subuserId !== undefined) return <SubuserLayout user={user} />;
  return <DashboardLayout />;
}
