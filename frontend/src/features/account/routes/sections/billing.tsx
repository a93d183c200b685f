// /onboard/settings/billing: the details printed on receipts, and automatic top-up of traffic.
import { AutoTopupCard } from '../../components/auto-topup-card';
import { BillingCard } from '../../components/billing-card';

export default function BillingSection() {
  return (
    <div className="space-y-6">
      <BillingCard />
      <AutoTopupCard />
    </div>
  );
}
