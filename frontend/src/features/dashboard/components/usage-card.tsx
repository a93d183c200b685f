// Usage of the selected kind (/onboard): GB for the traffic kinds, pieces for the
// others (./usage-figures.tsx), re-read every few seconds while the page is visible; the random
// plan pick (titled with GB and price, or the plan and its price per piece) and Come Into Use, which
// opens the kind's own page. A picked traffic plan is bought from the dialog; a picked piece plan
// opens its buy form on the kind's page (it needs a country and a quantity).
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Card } from '@/components/ui/page-parts';
import { Skeleton } from '@/components/ui/skeleton';
import type { PlanState } from '@/lib/plan-state';
import { usePurchase } from '@/hooks/use-plan-purchase';
import { formatMoney } from '@/lib/format';
import { isTrafficKind, KIND_PAGES, type ProxyKind } from '@/lib/kinds';
import { plansQueryOptions, planTitle, type Plan } from '@/lib/plans';
import { notify } from '@/lib/toast';
import { statsQueryOptions } from '@/lib/stats';
import { PieceFigures, TrafficFigures } from './usage-figures';

export const NO_PLANS = 'No plans available';

/** The random pick's title: "5 GB - $15.00" for traffic, "ISP 30 days - $3.50 per piece". */
function pickTitle(plan: Plan, kind: ProxyKind): string {
  return isTrafficKind(kind) ? `${plan.amount} GB - ${formatMoney(plan.price)}` : `${planTitle(plan)} - ${formatMoney(plan.price)} per piece`;
}

export function UsageCard({ kind }: { kind: ProxyKind }) {
  const navigate = useNavigate();
  const stats = useQuery(statsQueryOptions);
  const plans = useQuery(plansQueryOptions(kind));
  const purchase = usePurchase(kind);
  const [picked, setPicked] = useState<Plan | null>(null);
  const traffic = isTrafficKind(kind);

  function pickRandom() {
    const list = plans.data ?? [];
    if (list.length === 0) {
      notify.error(NO_PLANS);
      return;
    }
    setPicked(list[Math.floor(Math.random() * list.length)] ?? null);
  }

  function confirmPick() {
    if (!picked) return;
    if (traffic) purchase.buy(picked, () => setPicked(null));
    else void navigate(KIND_PAGES[kind], { state: { planId: picked.id } satisfies PlanState });
  }

  const data = stats.data;
  return (
    <Card title="Usage">
      {stats.isPending ? (
        <div className="space-y-3" aria-busy="true">
          <Skeleton className="h-8 w-32" />
          <Skeleton className="h-3 w-full" />
        </div>
      ) : kind === 'premium' || kind === 'budget' ? (
        <TrafficFigures
          stat={(kind === 'premium' ? data?.premiumStat : data?.budgetStat) ?? null}
          label={kind === 'premium' ? 'Premium' : 'Budget'}
          trial={kind === 'premium' ? data?.trial : null}
        />
      ) : (
        <PieceFigures stat={data?.pieceStats?.[kind] ?? null} soonDays={data?.expiringSoonDays ?? 3} />
      )}
      <div className="mt-6 flex flex-wrap gap-3">
        <Button variant="outline" onClick={pickRandom} disabled={plans.isPending}>
          Pick A Random Plan
        </Button>
        <Button onClick={() => void navigate(KIND_PAGES[kind])}>Come Into Use</Button>
      </div>
      <Dialog open={picked !== null} onClose={() => setPicked(null)} title={picked ? pickTitle(picked, kind) : ''}>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {traffic
            ? 'The price is taken from your wallet balance.'
            : 'Pick opens this plan on its page: choose where and how many, then confirm the total.'}
        </p>
        <div className="mt-6 flex justify-end gap-3">
          <Button variant="outline" onClick={() => setPicked(null)}>
            Cancel
          </Button>
          <Button onClick={confirmPick} busy={purchase.isPending}>
            Pick
          </Button>
        </div>
      </Dialog>
    </Card>
  );
}
