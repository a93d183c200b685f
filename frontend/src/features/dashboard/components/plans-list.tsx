// Plans of one kind as a compact list (overview) with loading and empty states. Traffic plans are
// bought here (Buy now → confirmation); per-piece products are bought on their own page (they need
// a country, ISP and quantity), which opens with the plan's buy form.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PlanPrice } from '@/components/plans/plan-price';
import { Button } from '@/components/ui/button';
import { buttonClasses } from '@/components/ui/button-classes';
import { Card, EmptyState } from '@/components/ui/page-parts';
import { Skeleton } from '@/components/ui/skeleton';
import { usePlanPurchase } from '@/hooks/use-plan-purchase';
import { isTrafficKind, KIND_PAGES, type ProxyKind } from '@/lib/kinds';
import type { PlanState } from '@/lib/plan-state';
import { plansQueryOptions } from '@/lib/plans';
import { plural } from '@/lib/plural';

export function PlansList({ kind }: { kind: ProxyKind }) {
  const { data: plans = [], isPending } = useQuery(plansQueryOptions(kind));
  const purchase = usePlanPurchase(kind);
  const traffic = isTrafficKind(kind);
  return (
    <Card title="Plans">
      {isPending ? (
        <div className="space-y-2" aria-busy="true">
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} className="h-12 w-full" />
          ))}
        </div>
      ) : plans.length === 0 ? (
        <EmptyState title="No plans available" body="Plans for this proxy type will appear here." />
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800" aria-label="Plans">
          {plans.map((plan) => {
            const label = traffic ? `${plan.amount} GB` : plural(plan.amount, 'piece', 'pieces');
            return (
              <li key={plan.id} className="flex items-center justify-between gap-3 py-3">
                <span className="min-w-0">
                  <span className="font-medium">{plan.name || label}</span>
                  <span className="block text-sm text-slate-600 dark:text-slate-400">{label}</span>
                </span>
                <span className="flex shrink-0 items-center gap-3">
                  <span className="font-semibold tabular-nums">
                    <PlanPrice price={plan.price} listPrice={plan.listPrice} />
                    {!traffic && <span className="text-sm font-normal text-slate-600 dark:text-slate-400"> /piece</span>}
                  </span>
                  {traffic ? (
                    <Button size="sm" onClick={() => purchase.ask(plan)} aria-label={`Buy now: ${plan.name || label}`}>
                      Buy now
                    </Button>
                  ) : (
                    <Link to={KIND_PAGES[kind]} state={{ planId: plan.id } satisfies PlanState} className={buttonClasses('outline', 'sm')} aria-label={`Buy now: ${plan.name || label}`}>
                      Buy now
                    </Link>
                  )}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      {purchase.dialog}
    </Card>
  );
}
