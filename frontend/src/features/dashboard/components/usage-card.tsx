// Usage of the selected kind: remaining, total and used GB with a progress bar, plus the random
// plan pick and "Come Into Use" (SPEC.md §2 /onboard).
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { formatFixed2, formatMoney } from '@/lib/format';
import { isTrafficKind, type ProxyKind } from '@/lib/kinds';
import { plansQueryOptions, type Plan } from '@/lib/plans';
import { notify } from '@/lib/toast';
import { usePurchase } from '@/features/plans/components/plan-purchase';
import { statsQueryOptions } from '../api/get-stats';
import { Card } from '@/components/ui/page-parts';

export const NO_PLANS = 'No plans available';

export function UsageCard({ kind }: { kind: ProxyKind }) {
  const navigate = useNavigate();
  const stats = useQuery(statsQueryOptions);
  const plans = useQuery(plansQueryOptions(kind));
  const purchase = usePurchase(kind);
  const [picked, setPicked] = useState<Plan | null>(null);

  const stat = kind === 'premium' ? stats.data?.premiumStat : kind === 'budget' ? stats.data?.budgetStat : null;
  const remaining = stat?.availableTraffic ?? 0;
  const used = stat?.usedTraffic ?? 0;
  const total = remaining + used;
  const percent = total > 0 ? Math.min(100, (used / total) * 100) : 0;

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
    purchase.buy(picked, () => setPicked(null));
  }

  return (
    <Card title="Usage">
      {stats.isPending ? (
        <div className="space-y-3" aria-busy="true">
          <Skeleton className="h-8 w-32" />
          <Skeleton className="h-3 w-full" />
        </div>
      ) : (
        <>
          <p className="text-3xl font-bold tabular-nums">
            {formatFixed2(remaining)} <span className="text-base font-medium text-slate-600 dark:text-slate-400">GB remaining</span>
          </p>
          {!isTrafficKind(kind) && (
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">This product is billed per piece; traffic is not metered.</p>
          )}
          <div
            className="mt-4 h-3 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
            role="progressbar"
            aria-label="Traffic used"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(percent)}
          >
            <div className="h-full rounded-full bg-brand-600 dark:bg-brand-400" style={{ width: `${percent}%` }} />
          </div>
          <dl className="mt-3 flex justify-between text-sm">
            <div>
              <dt className="text-slate-600 dark:text-slate-400">Total</dt>
              <dd className="font-semibold tabular-nums">{formatFixed2(total)} GB</dd>
            </div>
            <div className="text-right">
              <dt className="text-slate-600 dark:text-slate-400">Used</dt>
              <dd className="font-semibold tabular-nums">{formatFixed2(used)} GB</dd>
            </div>
          </dl>
        </>
      )}
      <div className="mt-6 flex flex-wrap gap-3">
        <Button variant="outline" onClick={pickRandom} disabled={plans.isPending}>
          Pick A Random Plan
        </Button>
        <Button onClick={() => void navigate(kind === 'premium' ? '/onboard/rotating-proxy' : '/onboard/budget-proxy')}>Come Into Use</Button>
      </div>
      <Dialog open={picked !== null} onClose={() => setPicked(null)} title={picked ? `${picked.amount} GB - ${formatMoney(picked.price)}` : ''}>
        <p className="text-sm text-slate-600 dark:text-slate-300">The price is taken from your wallet balance.</p>
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
