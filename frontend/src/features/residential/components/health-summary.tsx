// The Health tab's figures for the period (connections, success rate, failed, median and 95th
// percentile connect time) and its worst targets: the hosts with the lowest success rate among
// those with enough connections to tell.
import { pluralNoun } from '@/lib/plural';
import { formatConnectMs, formatRate, WORST_COUNT, WORST_MIN_CONNECTIONS, type HealthRow, type HealthTotal } from '../traffic-health';
import { formatCount } from '../usage-records';
import { ReasonList, RateBar } from './health-table';

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="rounded-xl bg-slate-50 px-3 py-3 sm:px-4 dark:bg-slate-800/60">
      <dt className="text-xs text-slate-600 sm:text-sm dark:text-slate-300">{label}</dt>
      <dd className="mt-1 text-lg font-bold whitespace-nowrap tabular-nums sm:text-2xl" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

export function HealthFigures({ summary }: { summary: HealthTotal }) {
  return (
    <>
      <dl className="grid grid-cols-2 gap-2 sm:gap-4">
        <Figure label="Connections" value={formatCount(summary.connections)} testId="health-connections" />
        <Figure label="Success rate" value={formatRate(summary.successRate)} testId="health-success-rate" />
        <Figure label="Median connect time" value={formatConnectMs(summary.p50ConnectMs)} testId="health-p50" />
        <Figure label="95th percentile connect time" value={formatConnectMs(summary.p95ConnectMs)} testId="health-p95" />
      </dl>
      <p className="mt-3 text-sm text-slate-600 dark:text-slate-300" data-testid="health-failed">
        {formatCount(summary.succeeded)} succeeded, {formatCount(summary.failed)} failed. Connect time is how long reaching the site took, for the
        connections that reached it.
      </p>
    </>
  );
}

export function WorstTargets({ rows }: { rows: readonly HealthRow[] }) {
  return (
    <>
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">
        The hosts with the lowest success rate among those with at least {WORST_MIN_CONNECTIONS} connections in the period (up to {WORST_COUNT}).
      </p>
      {rows.length === 0 ? (
        <p className="text-sm font-medium" data-testid="worst-none">
          No host with {WORST_MIN_CONNECTIONS} or more connections had a failure.
        </p>
      ) : (
        <ol className="divide-y divide-slate-100 dark:divide-slate-800" data-testid="worst-targets">
          {rows.map((row) => (
            <li key={row.key} className="flex items-start justify-between gap-4 py-2.5 text-sm">
              <div className="min-w-0">
                <p className="truncate font-medium" title={row.key}>
                  {row.key}
                </p>
                <p className="text-xs text-slate-600 dark:text-slate-400">
                  {formatCount(row.failed)} of {formatCount(row.connections)} {pluralNoun(row.connections, 'connection', 'connections')} failed
                </p>
                <div className="mt-1 text-xs">
                  <ReasonList byReason={row.failuresByReason} />
                </div>
              </div>
              <RateBar row={row} />
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
