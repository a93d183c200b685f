// /onboard/settings: profile, photo, email, password, billing details, alerts, auto top-up, two-factor sign-in,
// sessions, API keys, the IP allowlist and sub-users.
// /onboard/settings#two-factor scrolls to the two-factor card (where the operator console sends an
// administrator who must enrol, with its refusal as a notice in the location's state).
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { PageHeader } from '@/components/ui/page-parts';
import { settingsNotice, TWO_FACTOR_CARD_ID } from '@/lib/admin-two-factor';
import { useSession } from '@/lib/session';
import { AlertsCard } from '../components/alerts-card';
import { AutoTopupCard } from '../components/auto-topup-card';
import { AllowlistCard } from '../components/allowlist-card';
import { ApiKeysCard } from '../components/api-keys-card';
import { BillingCard } from '../components/billing-card';
import { EmailCard } from '../components/email-card';
import { PasswordCard } from '../components/password-card';
import { PhotoCard } from '../components/photo-card';
import { ProfileCard } from '../components/profile-card';
import { SessionsCard } from '../components/sessions-card';
import { SubusersCard } from '../components/subusers-card';
import { TwoFactorCard } from '../components/two-factor-card';

export default function SettingsPage() {
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
    <>
      <PageHeader title="Settings" />
      <div className="grid gap-6 xl:grid-cols-[1fr_2fr]">
        <div className="space-y-6">
          <PhotoCard user={user} />
          <TwoFactorCard user={user} notice={notice?.notice ?? null} />
        </div>
        <div className="min-w-0 space-y-6">
          <ProfileCard key={`${user.name}|${user.email}`} user={user} />
          <EmailCard user={user} />
          <PasswordCard user={user} />
          <BillingCard />
          <AlertsCard />
          <AutoTopupCard />
        </div>
        <div className="min-w-0 space-y-6 xl:col-span-2">
          <SessionsCard />
          <ApiKeysCard />
          <AllowlistCard />
          <SubusersCard />
        </div>
      </div>
    </>
  );
}
