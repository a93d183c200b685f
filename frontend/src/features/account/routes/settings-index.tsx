// /onboard/settings: opens the Account section. The address the operator console used to send an
// administrator to, /onboard/settings#two-factor, goes to the Security section's two-factor card,
// keeping the console's notice (the location's state).
import { Navigate, useLocation } from 'react-router';
import { TWO_FACTOR_CARD_ID } from '@/lib/admin-two-factor';
import { settingsPath } from '@/lib/settings-sections';

export default function SettingsIndex() {
  const location = useLocation();
  const twoFactor = location.hash === `#${TWO_FACTOR_CARD_ID}`;
  const to = twoFactor ? { pathname: settingsPath('security'), hash: location.hash } : { pathname: settingsPath('account'), search: location.search };
  return <Navigate to={to} state={location.state as unknown} replace />;
}
