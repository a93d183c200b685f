// /reseller: the reseller console. The reseller's terms and its own traffic pools, then the tabs:
// Clients, Transfers, Brand, Catalogue and Reports (the tab in the address, `?tab=`, so that each can be
// linked to). An account that is not an enabled reseller is told so; the server refuses it anyway.
import { useSearchParams } from 'react-router';
import { Card, EmptyState, PageHeader } from '@/components/ui/page-parts';
import { Skeleton } from '@/components/ui/skeleton';
import { panelId, tabId } from '@/components/ui/tab-ids';
import { Tabs } from '@/components/ui/tabs';
import { useMediaQuery } from '@/hooks/use-media-query';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/session';
import { useResellerAccount } from '../api/account';
import { BrandTab } from '../components/brand-tab';
import { CatalogueTab } from '../components/catalogue-tab';
import { ClientsTab } from '../components/clients-tab';
import { ReportsTab } from '../components/reports-tab';
import { TrafficList } from '../components/traffic-list';
import { TransfersTab } from '../components/transfers-tab';
import { MUTED } from '../format';

const TABS = [
  { value: 'clients', label: 'Clients' },
  { value: 'transfers', label: 'Transfers' },
  { value: 'brand', label: 'Brand' },
  { value: 'catalogue', label: 'Catalogue' },
  { value: 'reports', label: 'Reports' },
] as const;
type Tab = (typeof TABS)[number]['value'];

const isTab = (value: string | null): value is Tab => TABS.some((tab) => tab.value === value);

function Pools() {
  const account = useResellerAccount(true);
  const data = account.data;
  return (
    <Card title="Your traffic">
      {account.isPending && <Skeleton className="h-24 w-full" />}
      {account.isError && <p className="text-sm text-red-700 dark:text-red-400">{errorMessage(account.error)}</p>}
      {data && (
        <>
          {data.discountPercent > 0 && (
            <p className={cn('mb-4 text-sm', MUTED)} data-testid="reseller-terms">
              The shop gives you {data.discountPercent}% off your own purchases.
            </p>
          )}
          <TrafficList traffic={data.traffic} label="Your traffic" />
        </>
      )}
    </Card>
  );
}

export default function ResellerConsolePage() {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: Tab = isTab(asked) ? asked : 'clients';
  const phone = !useMediaQuery('(min-width: 640px)');
  // the account's pools and terms: read only by a reseller (anyone else is refused them)
  const account = useResellerAccount(Boolean(user?.reseller));
  if (!user) return null;
  if (!user.reseller) {
    return (
      <>
        <PageHeader title="Reseller" />
        <EmptyState title="This account is not a reseller" body="Ask the shop to make your account a reseller to open accounts for your own clients." />
      </>
    );
  }
  return (
    <>
      <PageHeader title="Reseller" />
      <Pools />
      <div className="mt-8">
        <Tabs
          label="Reseller sections"
          idPrefix="reseller"
          items={TABS}
          value={tab}
          size={phone ? 'sm' : 'md'}
          onChange={(next) => setParams(next === 'clients' ? {} : { tab: next }, { replace: true })}
        />
        <div role="tabpanel" id={panelId('reseller', tab)} aria-labelledby={tabId('reseller', tab)} className="mt-6">
          {tab === 'clients' && <ClientsTab account={account.data} />}
          {tab === 'transfers' && <TransfersTab />}
          {tab === 'brand' && <BrandTab />}
          {tab === 'catalogue' && <CatalogueTab />}
          {tab === 'reports' && <ReportsTab />}
        </div>
      </div>
    </>
  );
}
