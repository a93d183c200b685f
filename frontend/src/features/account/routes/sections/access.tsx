// /onboard/settings/access: who may use the proxies: the IP allowlist and the sub-users.
import { AllowlistCard } from '../../components/allowlist-card';
import { SubusersCard } from '../../components/subusers-card';

export default function AccessSection() {
  return (
    <div className="space-y-6">
      <AllowlistCard />
      <SubusersCard />
    </div>
  );
}
