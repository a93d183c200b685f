// Plans tab of a generator page: plan cards with Buy now and the purchase confirmation.
import { useQuery } from '@tanstack/react-query';
import { PlanCard, PlanCardSkeleton } from '@/components/plans/plan-card';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/page-parts';
import { usePlanPurchase } from '@/features/plans/components/plan-purchase';
import { plansQueryOptions } from '@/lib/plans';
import type { GeneratorKind } from '../generate-request';

export function PlansTab({ kind }: { kind: GeneratorKind }) {
  const { data: plans = [], isPending } = useQuery(plansQueryOptions(kind));
  const purchase = usePlanPurchase(kind);
  if (isPending)
    return (
      <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-3" aria-busy="true">
        {[0, 1, 2].map((index) => (
          <PlanCardSkeleton key={index} />
        ))}
      </div>
    );
  if (plans.length === 0) return <EmptyState title="No plans available" body="Plans for this proxy type will appear here." />;
  return (
    <>
      <div className="grid gap-6 pt-3 md:grid-cols-2 xl:grid-cols-3">
        {plans.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            kind={kind}
            action={
              <Button className="w-full" onClick={() => purchase.ask(plan)} aria-label={`Buy now: ${plan.name || `${plan.amount} GB`}`}>
                Buy now
              </Button>
            }
          />
        ))}
      </div>
      {purchase.dialog}
    </>
  );
}
