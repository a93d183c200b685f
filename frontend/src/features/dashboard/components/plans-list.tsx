// Plans of one kind as a compact list (overview) with loading and empty states.
import { useQuery } from '@tanstack/react-query';
import { Skeleton } from '@/components/ui/skeleton';
import { formatMoney } from '@/lib/format';
import { isTrafficKind, type ProxyKind } from '@/lib/kinds';
import { plansQueryOptions } from '@/lib/plans';
import { Card, EmptyState } from '@/components/ui/page-parts';

export function PlansList({ kind }: { kind: ProxyKind }) {
  const { data: plans = [], isPending } = useQuery(plansQueryOptions(kind));
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
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {plans.map((plan) => (
            <li key={plan.id} className="flex items-center justify-between gap-3 py-3">
              <span>
                <span className="font-medium">{plan.name}</span>
                <span className="block text-sm text-slate-600 dark:text-slate-400">
                  {isTrafficKind(kind) ? `${plan.amount} GB` : `${plan.amount} pieces`}
                </span>
              </span>
              <span className="font-semibold tabular-nums">
                {formatMoney(plan.price)}
                {!isTrafficKind(kind) && <span className="text-sm font-normal text-slate-600 dark:text-slate-400"> /piece</span>}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
