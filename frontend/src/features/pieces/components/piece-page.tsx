// The static, IPv4 and IPv6 pages (SPEC.md §2, §4): the plan list; picking a plan opens the buy
// form in its place and Back returns to the list (focus goes back to that plan's button). The
// history stays below both.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { PlanCard, PlanCardSkeleton } from '@/components/plans/plan-card';
import { Button } from '@/components/ui/button';
import { EmptyState, PageHeader } from '@/components/ui/page-parts';
import { plansQueryOptions, type Plan } from '@/lib/plans';
import type { BuyKind } from '../api/types';
import { planTitle } from '../buy-request';
import { BuyForm } from './buy-form';
import { PieceHistory } from './piece-history';

function PlanGrid({ kind, onPick, focusPlanId }: { kind: BuyKind; onPick: (plan: Plan) => void; focusPlanId: string | null }) {
  const { data: plans = [], isPending } = useQuery(plansQueryOptions(kind));
  const gridRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusPlanId === null) return;
    const buttons = gridRef.current?.querySelectorAll<HTMLElement>('[data-plan-id]') ?? [];
    Array.from(buttons)
      .find((button) => button.dataset.planId === focusPlanId)
      ?.focus();
  }, [focusPlanId]);
  if (isPending)
    return (
      <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-3" aria-busy="true">
        {[0, 1, 2].map((index) => (
          <PlanCardSkeleton key={index} />
        ))}
      </div>
    );
  if (plans.length === 0) return <EmptyState title="No plans available" body="Plans for this product will appear here." />;
  return (
    <div ref={gridRef} className="grid gap-6 pt-3 md:grid-cols-2 xl:grid-cols-3">
      {plans.map((plan) => (
        <PlanCard
          key={plan.id}
          plan={plan}
          kind={kind}
          action={
            <Button className="w-full" data-plan-id={plan.id} onClick={() => onPick(plan)} aria-label={`Buy now: ${planTitle(plan)}`}>
              Buy now
            </Button>
          }
        />
      ))}
    </div>
  );
}

export function PiecePage({ kind, title, crumb }: { kind: BuyKind; title: string; crumb: string }) {
  const [plan, setPlan] = useState<Plan | null>(null);
  const [lastPlanId, setLastPlanId] = useState<string | null>(null);
  return (
    <>
      <PageHeader title={title} crumbs={[crumb]} />
      <section aria-label={plan ? 'Buy' : 'Plans'} className="mb-8">
        {plan ? (
          <BuyForm
            kind={kind}
            plan={plan}
            onBack={() => {
              setLastPlanId(plan.id);
              setPlan(null);
            }}
          />
        ) : (
          <PlanGrid kind={kind} onPick={setPlan} focusPlanId={lastPlanId} />
        )}
      </section>
      <PieceHistory kind={kind} />
    </>
  );
}
