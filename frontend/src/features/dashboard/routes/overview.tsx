// /onboard: wallet, announcement and the per-kind overview (usage and plans); a reseller's client
// sees its own overview (../components/client-overview.tsx).
import { useState } from 'react';
import { Link } from 'react-router';
import { BalanceCard } from '@/components/balance-card';
import { panelId } from '@/components/ui/tab-ids';
import type { ProxyKind } from '@/lib/kinds';
import { displayName, useSession } from '@/lib/session';
import { KindSelector } from '../components/kind-selector';
import { Card, PageHeader } from '@/components/ui/page-parts';
import { PlansList } from '../components/plans-list';
import { TrialNotice } from '../components/trial-notice';
import { UsageCard } from '../components/usage-card';
import { ClientOverview } from '../components/client-overview';

export default function OverviewPage() {
  const { user } = useSession();
  const [kind, setKind] = useState<ProxyKind>('premium');
  if (!user) return null;
  if (user.resellerClient) return <ClientOverview user={user} />;
  return (
    <>
      <PageHeader title={`Welcome, ${displayName(user)}`} crumbs={['Overview']} />
      <TrialNotice />
      <div className="grid gap-6 lg:grid-cols-[1fr_1.5fr]">
        <BalanceCard balance={user.balance}>
          <Link to="/onboard/wallet" className="tap-target rounded text-sm font-semibold text-white underline-offset-4 hover:underline">
            View wallet activity
          </Link>
        </BalanceCard>
        <Card title="Announcement">
          <p className="text-sm leading-6 text-slate-600 dark:text-slate-300">
            Welcome to ProxyShop! Top up your wallet with crypto, pick a plan and generate your first proxy in minutes. New
            locations and product updates are announced here.
          </p>
        </Card>
      </div>
      <section aria-labelledby="overview-title" className="mt-8">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-4">
          <h2 id="overview-title" className="text-xl font-bold">
            Overview
          </h2>
          <KindSelector value={kind} onChange={setKind} />
        </div>
        <div id={panelId('overview', kind)} className="grid gap-6 lg:grid-cols-2">
          <UsageCard kind={kind} />
          <PlansList kind={kind} />
        </div>
      </section>
    </>
  );
}
