// /onboard/settings/security: two-factor sign-in and the signed-in sessions.
// /onboard/settings/security#two-factor scrolls to the two-factor card: where the operator console
// sends an administrator who must enrol, with its refusal as a notice in the location's state.
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { settingsNotice, TWO_FACTOR_CARD_ID } from '@/lib/admin-two-factor';
import { useSession } from '@/lib/session';
import { SessionsCard } from '../../components/sessions-card';
import { TwoFactorCard } from '../../components/two-factor-card';

export default function SecuritySection() {
  const { user } = useSession();
  const location = useLocation();
  const notice = settingsNotice(location.state);
  const ready = user !== null;

  useEffect(() => {
    if (!ready || location.hash !== `#${TWO_FACTOR_CARD_ID}`) return;
    globalThis.document.getElementById(TWO_FACTOR_CARD_ID)?.scrollIntoView({ block: 'start' });
  }, [ready, location.hash]);

  if (!user) return null;
  return (
    <div className="space-y-6">
      <TwoFactorCard user={user} notice={notice?.notice ?? null} />
      <SessionsCard />
    </div>
  );
}
