// /onboard: wallet, announcement and the per-kind overview (usage and plans).
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { PlusIcon, WalletIcon } from '@/components/ui/icons';
import { panelId } from '@/components/ui/tab-ids';
import { formatMoney } from '@/lib/format';
import type { ProxyKind } from '@/lib/kinds';
import { paymentModal } from '@/lib/payment-modal';
import { displayName, useSession } from '@/lib/session';
import { KindSelector } from '../components/kind-selector';
import { Card, PageHeader } from '../components/page-parts';
import { PlansList } from '../components/plans-list';
import { UsageCard } from '../components/usage-card';

export default function OverviewPage() {
  const { user } = useSession();
  const [kind, setKind] = useState<ProxyKind>('premium');
  if (!user) return null;
  return (
    <>
      <PageHeader title={`Welcome, ${displayName(user)}`} crumbs={['Overview']} />
      <div className="grid gap-6 lg:grid-cols-[1fr_1.5fr]">
        <Card className="bg-gradient-to-br from-brand-600 to-brand-800 text-white dark:from-brand-700 dark:to-brand-950 dark:border-brand-900">
          <div className="flex items-center gap-2 text-brand-100">
            <WalletIcon className="h-5 w-5" />
            <h2 className="text-sm font-medium">Wallet balance</h2>
          </div>
          <p className="mt-3 text-4xl font-extrabold tabular-nums" data-testid="wallet-balance">
            {formatMoney(user.balance)}
          </p>
          <Button variant="inverse" className="mt-6" onClick={() => paymentModal.open()}>
            <PlusIcon className="h-4 w-4" />
            Add Funds
          </Button>
        </Card>
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
