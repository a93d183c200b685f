// Shared frame of the premium and budget generator pages: Generate / Plans / Usage tabs, the
// generate form and the credentials and proxy cards. Locations and generation come later; until
// then the form shows its fields disabled while locations load.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PlanCard, PlanCardSkeleton } from '@/components/plans/plan-card';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/field';
import { panelId, tabId } from '@/components/ui/tab-ids';
import { Tabs } from '@/components/ui/tabs';
import type { ProxyKind } from '@/lib/kinds';
import { plansQueryOptions } from '@/lib/plans';
import { CredentialsCard, ProxyCard } from './credentials-card';
import { Card, EmptyState, PageHeader } from '@/components/ui/page-parts';

type Tab = 'generate' | 'plans' | 'usage';
const TABS: Array<{ value: Tab; label: string }> = [
  { value: 'generate', label: 'Generate' },
  { value: 'plans', label: 'Plans' },
  { value: 'usage', label: 'Usage' },
];
const FORMATS = ['host:port:user:pass', 'host:port@user:pass', 'user:pass:host:port', 'user:pass@host:port'];

function SelectField({ label, options, placeholder }: { label: string; options: string[]; placeholder?: string }) {
  const id = `gen-${label.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium">
        {label}
      </label>
      <select id={id} className={`${inputClasses} border-slate-300 dark:border-slate-700`} disabled={options.length === 0} defaultValue="">
        {placeholder && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option}>{option}</option>
        ))}
      </select>
    </div>
  );
}

function PlansTab({ kind }: { kind: ProxyKind }) {
  const { data: plans = [], isPending } = useQuery(plansQueryOptions(kind));
  if (isPending)
    return (
      <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
        {[0, 1, 2].map((index) => (
          <PlanCardSkeleton key={index} />
        ))}
      </div>
    );
  if (plans.length === 0) return <EmptyState title="No plans available" />;
  return (
    <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
      {plans.map((plan) => (
        <PlanCard key={plan.id} plan={plan} kind={kind} action={<Button className="w-full">Buy now</Button>} />
      ))}
    </div>
  );
}

export function GeneratorPage({ kind, title, crumbs }: { kind: ProxyKind; title: string; crumbs: string[] }) {
  const [tab, setTab] = useState<Tab>('generate');
  return (
    <>
      <PageHeader title={title} crumbs={crumbs} />
      <Tabs label="Sections" idPrefix={`gen-${kind}`} items={TABS} value={tab} onChange={setTab} />
      <div role="tabpanel" id={panelId(`gen-${kind}`, tab)} aria-labelledby={tabId(`gen-${kind}`, tab)} className="mt-6">
        {tab === 'generate' && (
          <div className="grid gap-6 xl:grid-cols-[1.3fr_1fr]">
            <Card title="Generate">
              <form className="grid gap-4 sm:grid-cols-2" onSubmit={(event) => event.preventDefault()}>
                <SelectField label="Protocol" options={['Http/s', 'Socks5']} />
                <SelectField label="Rotation" options={['Rotating', 'Sticky']} />
                <SelectField label="Country" options={[]} placeholder="Select Country" />
                {kind === 'premium' && <SelectField label="State" options={[]} placeholder="Select Country First" />}
                <SelectField label="City" options={[]} placeholder="Select Country First" />
                <SelectField label="Output format" options={FORMATS} />
                <div className="sm:col-span-2">
                  <Button type="submit" className="w-full sm:w-auto" disabled>
                    Generate
                  </Button>
                </div>
              </form>
            </Card>
            <div className="space-y-6">
              <CredentialsCard />
              <ProxyCard />
            </div>
          </div>
        )}
        {tab === 'plans' && <PlansTab kind={kind} />}
        {tab === 'usage' && <Card title="Usage"><EmptyState title="No usage yet" body="Traffic used by your generated proxies will show here." /></Card>}
      </div>
    </>
  );
}
