// /onboard/settings/access: who may use the proxies and where they may go: the IP allowlist, the
// sub-users and the customer's own blocked destinations.
import { AllowlistCard } from '../../components/allowlist-card';
import { BlocklistCard } from '../../components/blocklist-card';
import { SubusersCard } from '../../components/subusers-card';

export default function AccessSection() {
  return (
    <div className="space-y-6">
      <AllowlistCard />
      <SubusersCard />
      <BlocklistCard />
    </div>
  );
}
