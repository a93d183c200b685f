// Plans tab of a generator page: the refund of the latest purchase, plan cards with Buy now and
// the purchase confirmation.
import { PlanGrid } from '@/components/plans/plan-grid';
import { Button } from '@/components/ui/button';
import { usePlanPurchase } from '@/hooks/use-plan-purchase';
import type { GeneratorKind } from '../generate-request';
import { RefundCard } from './refund-card';

export function PlansTab({ kind }: { kind: GeneratorKind }) {
  const purchase = usePlanPurchase(kind);
  return (
    <>
      <RefundCard kind={kind} />
      <PlanGrid
        kind={kind}
        emptyBody="Plans for this proxy type will appear here."
        action={(plan) => (
          <Button className="w-full" onClick={() => purchase.ask(plan)} aria-label={`Buy now: ${plan.name || `${plan.amount} GB`}`}>
            Buy now
          </Button>
        )}
      />
      {purchase.dialog}
    </>
  );
}
