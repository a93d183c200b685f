// Shared frame of the per-piece products (static, IPv4, IPv6, LTE): plan list and history.
import { useQuery } from '@tanstack/react-query';
import { PlanCard, PlanCardSkeleton } from '@/components/plans/plan-card';
import { Button } from '@/components/ui/button';
import type { ProxyKind } from '@/lib/kinds';
import { plansQueryOptions } from '@/lib/plans';
import { HistoryTable } from './history-table';
import { EmptyState, PageHeader } from '@/components/ui/page-parts';

export function PiecePage({ kind, title, crumb }: { kind: ProxyKind; title: string; crumb: string }) {
  const { data: plans = [], isPending } = useQuery(plansQueryOptions(kind));
  return (
    <>
      <PageHeader title={title} crumbs={[crumb]} />
      <section aria-label="Plans" className="mb-8">
        {isPending ? (
          <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
            {[0, 1, 2].map((index) => (
              <PlanCardSkeleton key={index} />
            ))}
          </div>
        ) : plans.length === 0 ? (
          <EmptyState title="No plans available" body="Plans for this product will appear here." />
        ) : (
          <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
            {plans.map((plan) => (
              <PlanCard key={plan.id} plan={plan} kind={kind} action={<Button className="w-full">Buy now</Button>} />
            ))}
          </div>
        )}
      </section>
      <HistoryTable />
    </>
  );
}
