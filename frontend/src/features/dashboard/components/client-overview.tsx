// The overview of a reseller's client: only what its reseller gave it (or it bought from its
// reseller) of each kind sold by the GB, the way to its lines, the proxies its reseller handed it
// (when there are any), and its provider's support contact.
// No shop plans or prices; the balance only while the reseller sells to it.
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { BalanceCard } from '@/components/balance-card';
import { Button } from '@/components/ui/button';
import { Card, PageHeader } from '@/components/ui/page-parts';
import { Skeleton } from '@/components/ui/skeleton';
import type { User } from '@/lib/api-types';
import { clientCatalogueQueryOptions } from '@/lib/client-catalogue';
import { KIND_PAGES } from '@/lib/kinds';
import { displayName } from '@/lib/session';
import { statsQueryOptions } from '@/lib/stats';
import { ClientPiecesCard } from './client-pieces-card';
import { TrafficFigures } from './usage-figures';

const KINDS = [
  { kind: 'premium', title: 'Premium Residential', label: 'Premium' },
  { kind: 'budget', title: 'Residential', label: 'Budget' },
] as const;

function Support({ user }: { user: User }) {
  const brand = user.brand;
  if (!brand || (!brand.supportEmail && !brand.supportUrl)) return null;
  const link = 'tap-target font-medium text-brand-700 underline wrap-anywhere dark:text-brand-300';
  return (
    <Card title="Support">
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {brand.name} gives you your traffic. For help:{' '}
        {brand.supportEmail && (
          <a className={link} href={`mailto:${brand.supportEmail}`}>
            {brand.supportEmail}
          </a>
        )}
        {brand.supportEmail && brand.supportUrl && ' · '}
        {brand.supportUrl && (
          <a className={link} href={brand.supportUrl} target="_blank" rel="noreferrer">
            Support page
          </a>
        )}
      </p>
    </Card>
  );
}

export function ClientOverview({ user }: { user: User }) {
  const navigate = useNavigate();
  const stats = useQuery(statsQueryOptions);
  const catalogue = useQuery(clientCatalogueQueryOptions);
  const open = catalogue.data?.open ?? false;
  return (
    <>
      <PageHeader title={`Welcome, ${displayName(user)}`} crumbs={['Overview']} />
      {open && (
        <div className="mb-6">
          <BalanceCard balance={user.balance}>
            <Link to="/onboard/buy" className="tap-target rounded text-sm font-semibold text-white underline-offset-4 hover:underline">
              {user.brand ? `Buy from ${user.brand.name}` : 'Buy traffic'}
            </Link>
          </BalanceCard>
        </div>
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        {KINDS.map(({ kind, title, label }) => (
          <Card key={kind} title={title}>
            {stats.isPending ? (
              <div className="space-y-3" aria-busy="true">
                <Skeleton className="h-8 w-32" />
                <Skeleton className="h-3 w-full" />
              </div>
            ) : (
              <TrafficFigures stat={(kind === 'premium' ? stats.data?.premiumStat : stats.data?.budgetStat) ?? null} label={label} />
            )}
            <Button className="mt-6" onClick={() => void navigate(KIND_PAGES[kind])}>
              Generate proxies
            </Button>
          </Card>
        ))}
      </div>
      <ClientPiecesCard />
      <div className="mt-6">
        <Support user={user} />
      </div>
    </>
  );
}
