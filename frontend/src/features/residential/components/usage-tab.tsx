// Usage tab of a generator page: the kind's traffic totals and when the traffic expires (GET
// /api/user/get_starts, re-read every few seconds while the page is visible), the usage chart of
// the last 30 days or 48 hours (usage-over-time.tsx), the usage record (charts per hour and
// day, top hosts, usage per credential, the requests and their CSV export; usage-record.tsx) and
// the proxy history.
import { useQuery } from '@tanstack/react-query';
import { Card } from '@/components/ui/page-parts';
import { Skeleton } from '@/components/ui/skeleton';
import { statsQueryOptions } from '@/lib/stats';
import { ProxyHistoryTable } from '@/components/proxy-history-table';
import { TrafficExpiry, TrafficForecast } from '@/components/traffic-expiry';
import { TrialLabel } from '@/components/trial-label';
import { formatFixed2, formatTraffic, remainingInMb } from '@/lib/format';
import { proxyHistoryQueryOptions } from '@/lib/proxy-history';
import type { GeneratorKind } from '../generate-request';
import { UsageOverTime } from './usage-over-time';
import { UsageRecord } from './usage-record';

/** Remaining GB keep their 2 decimals with the MB below 1 GB (docs/screens.md); used and total are
 * traffic as every screen shows it (formatTraffic). */
function Total({ label, value, testId, remaining = false }: { label: string; value: number | null; testId: string; remaining?: boolean }) {
  const text = value === null ? '' : remaining ? `${formatFixed2(value)} GB` : formatTraffic(value);
  const split = text.lastIndexOf(' ');
  const mb = remaining && value !== null ? remainingInMb(value) : null;
  return (
    <div className="rounded-xl bg-slate-50 px-3 py-3 sm:px-4 dark:bg-slate-800/60">
      <dt className="text-xs text-slate-600 sm:text-sm dark:text-slate-300">{label}</dt>
      <dd className="mt-1 text-base font-bold whitespace-nowrap tabular-nums sm:text-2xl" data-testid={testId}>
        {value === null ? (
          <Skeleton className="h-7 w-16" />
        ) : (
          <>
            {text.slice(0, split)}
            <span className="text-xs font-semibold sm:text-base">{text.slice(split)}</span>
            {mb && (
              <span className="block text-xs font-medium text-slate-600 sm:text-sm dark:text-slate-300" data-testid={`${testId}-mb`}>
                {mb}
              </span>
            )}
          </>
        )}
      </dd>
    </div>
  );
}

export function UsageTab({ kind }: { kind: GeneratorKind }) {
  const stats = useQuery(statsQueryOptions);
  const history = useQuery(proxyHistoryQueryOptions(kind));
  const stat = kind === 'premium' ? stats.data?.premiumStat : stats.data?.budgetStat;
  const loaded = !stats.isPending;
  const remaining = loaded ? (stat?.availableTraffic ?? 0) : null;
  const used = loaded ? (stat?.usedTraffic ?? 0) : null;
  const total = remaining !== null && used !== null ? remaining + used : null;

  return (
    <div className="space-y-6">
      <Card title="Traffic">
        {kind === 'premium' && <TrialLabel trial={stats.data?.trial} />}
        <dl className="grid grid-cols-3 gap-2 sm:gap-4">
          <Total label="Remaining" value={remaining} testId="usage-remaining" remaining />
          <Total label="Used" value={used} testId="usage-used" />
          <Total label="Total" value={total} testId="usage-total" />
        </dl>
        {loaded && <TrafficExpiry expiresAt={stat?.expiresAt} className="mt-4 text-sm text-slate-600 dark:text-slate-300" />}
        {loaded && <TrafficForecast pace={stat} label={kind === 'premium' ? 'Premium' : 'Budget'} className="mt-1 text-sm text-slate-600 dark:text-slate-300" />}
      </Card>
      <UsageOverTime kind={kind} />
      <UsageRecord kind={kind} />
      <ProxyHistoryTable title="Proxy history" rows={history.data} isPending={history.isPending} isError={history.isError} />
    </div>
  );
}
