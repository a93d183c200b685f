// The plans of a kind as a grid of plan cards, each with the caller's action (Buy now): three
// skeleton cards while loading, "No plans available" when there are none.
import { useQuery } from '@tanstack/react-query';
import type { ReactNode, Ref } from 'react';
import { PlanCard, PlanCardSkeleton } from '@/components/plans/plan-card';
import { EmptyState } from '@/components/ui/page-parts';
import type { ProxyKind } from '@/lib/kinds';
import { plansQueryOptions, type Plan } from '@/lib/plans';

type PlanGridProps = {
  kind: ProxyKind;
  action: (plan: Plan) => ReactNode;
  emptyBody: string;
  gridRef?: Ref<HTMLDivElement>;
};

export function PlanGrid({ kind, action, emptyBody, gridRef }: PlanGridProps) {
  const { data: plans = [], isPending } = useQuery(plansQueryOptions(kind));
  if (isPending)
    return (
      <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-3" aria-busy="true">
        {[0, 1, 2].map((index) => (
          <PlanCardSkeleton key={index} />
        ))}
      </div>
    );
  if (plans.length === 0) return <EmptyState title="No plans available" body={emptyBody} />;
  return (
    <div ref={gridRef} className="grid gap-6 pt-3 md:grid-cols-2 xl:grid-cols-3">
      {plans.map((plan) => (
        <PlanCard key={plan.id} plan={plan} kind={kind} action={action(plan)} />
      ))}
    </div>
  );
}
