// The static, IPv4 and IPv6 pages: the plan list; picking a plan opens the buy
// form in its place and Back returns to the list (focus goes back to that plan's button). A plan id
// in the navigation state (the overview's random pick or plan list) opens that plan's form at once.
// The history stays below both.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { PlanGrid } from '@/components/plans/plan-grid';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-parts';
import { plansQueryOptions, planTitle, type Plan } from '@/lib/plans';
import type { BuyKind } from '@/lib/kinds';
import { planIdFromState } from '@/lib/plan-state';
import { BuyForm } from './buy-form';
import { PieceHistory } from './piece-history';

function PiecePlans({ kind, onPick, focusPlanId }: { kind: BuyKind; onPick: (plan: Plan) => void; focusPlanId: string | null }) {
  const gridRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusPlanId === null) return;
    const buttons = gridRef.current?.querySelectorAll<HTMLElement>('[data-plan-id]') ?? [];
    Array.from(buttons)
      .find((button) => button.dataset.planId === focusPlanId)
      ?.focus();
  }, [focusPlanId]);
  return (
    <PlanGrid
      kind={kind}
      gridRef={gridRef}
      emptyBody="Plans for this product will appear here."
      action={(plan) => (
        <Button className="w-full" data-plan-id={plan.id} onClick={() => onPick(plan)} aria-label={`Buy now: ${planTitle(plan)}`}>
          Buy now
        </Button>
      )}
    />
  );
}

export function PiecePage({ kind, title, crumb }: { kind: BuyKind; title: string; crumb: string }) {
  const wanted = planIdFromState(useLocation().state);
  const plans = useQuery(plansQueryOptions(kind));
  // undefined until the customer picks or goes Back: the plan asked for on arrival, if any
  const [picked, setPicked] = useState<Plan | null | undefined>(undefined);
  const plan = picked !== undefined ? picked : (plans.data?.find((item) => item.id === wanted) ?? null);
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
              setPicked(null);
            }}
          />
        ) : (
          <PiecePlans kind={kind} onPick={setPicked} focusPlanId={lastPlanId} />
        )}
      </section>
      <PieceHistory kind={kind} />
    </>
  );
}
