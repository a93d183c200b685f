// Landing pricing (docs/screens.md#landing-page): a tab per proxy kind; plans from the API. Without
// server plans the mobile view falls back to the four built-in samples and the desktop view shows
// the empty state.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { PlanCard, PlanCardSkeleton } from '@/components/plans/plan-card';
import { buttonClasses } from '@/components/ui/button-classes';
import { panelId, tabId } from '@/components/ui/tab-ids';
import { Tabs } from '@/components/ui/tabs';
import { KIND_PAGES, KIND_TAB_LABELS, PROXY_KINDS, type ProxyKind } from '@/lib/kinds';
import { plansQueryOptions, SAMPLE_PLANS, type Plan } from '@/lib/plans';
import { useSession } from '@/lib/session';

export const EMPTY_PLANS_MESSAGE = 'No plans available for this proxy type.';

function PlanGrid({ plans, kind, sample = false }: { plans: Plan[]; kind: ProxyKind; sample?: boolean }) {
  const { user } = useSession();
  return (
    <div className="grid gap-6 sm:grid-cols-2 xl:grid-cols-4">
      {plans.map((plan) => (
        <PlanCard
          key={plan.id}
          plan={plan}
          kind={kind}
          sample={sample}
          action={
            <Link to={user ? KIND_PAGES[kind] : '/register'} className={buttonClasses('primary', 'md', 'w-full')}>
              {user ? 'Buy now' : 'Get started'}
              <span className="sr-only"> with the {plan.name} plan</span>
            </Link>
          }
        />
      ))}
    </div>
  );
}

export function PricingSection() {
  const [kind, setKind] = useState<ProxyKind>('premium');
  const { data: plans = [], isPending } = useQuery(plansQueryOptions(kind));
  const hasPlans = plans.length > 0;

  return (
    <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-20 mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8 lg:py-24">
      <div className="text-center">
        <p className="text-sm font-semibold text-brand-700 uppercase dark:text-brand-300">Pricing</p>
        <h2 id="pricing-title" className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
          Simple plans, no hidden fees
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-slate-600 dark:text-slate-300">
          Pay per GB for residential traffic or per piece for static, mobile and datacenter IPs. Top up with crypto and start in minutes.
        </p>
      </div>
      <Tabs
        label="Proxy type"
        idPrefix="pricing"
        className="mt-8 justify-center"
        items={PROXY_KINDS.map((value) => ({ value, label: KIND_TAB_LABELS[value] }))}
        value={kind}
        onChange={setKind}
      />
      <div role="tabpanel" id={panelId('pricing', kind)} aria-labelledby={tabId('pricing', kind)} aria-busy={isPending} className="mt-10">
        {isPending ? (
          <div className="grid gap-6 sm:grid-cols-2 xl:grid-cols-4" data-testid="pricing-loading">
            {[0, 1, 2, 3].map((index) => (
              <PlanCardSkeleton key={index} />
            ))}
          </div>
        ) : hasPlans ? (
          <PlanGrid plans={plans} kind={kind} />
        ) : (
          <>
            <div className="md:hidden" data-testid="pricing-mobile">
              <PlanGrid plans={SAMPLE_PLANS} kind={kind} sample />
            </div>
            <p
              className="hidden rounded-2xl border border-dashed border-slate-300 p-10 text-center text-slate-600 md:block dark:border-slate-700 dark:text-slate-300"
              data-testid="pricing-desktop"
            >
              {EMPTY_PLANS_MESSAGE}
            </p>
          </>
        )}
      </div>
    </section>
  );
}
