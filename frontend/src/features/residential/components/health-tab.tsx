// Health tab of a generator page (docs/api.md#health-of-the-traffic): how well the kind's
// connections went under one set of filters (dates, part of the host): the figures and the worst
// targets, the success rate per hour (the last 48 hours without dates), why connections failed
// with what to do (linked to the user guide), and the tables per host, country and credential,
// each downloadable as CSV or JSON. Read from the usage rollups, re-read every few seconds.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Card, EmptyState } from '@/components/ui/page-parts';
import { useNow } from '@/hooks/use-now';
import type { ProxyKind } from '@/lib/kinds';
import { healthQueryOptions } from '../api/get-health';
import { healthColumns, worstHosts, type HealthBy } from '../traffic-health';
import { bucketKeys, chartWindow, hourFrom, isFiltered, NO_FILTER, windowTitle, type UsageFilter } from '../usage-records';
import { FailureHints } from './failure-hints';
import { HealthChart } from './health-chart';
import { HealthFigures, WorstTargets } from './health-summary';
import { HealthTable } from './health-table';
import { TableDownloads } from './table-downloads';
import { QueryFrame } from './usage-bytes';
import { UsageFilters } from './usage-filters';

type TableBy = Exclude<HealthBy, 'hour'>;

const TABLES: Record<TableBy, { title: string; what: string }> = {
  host: { title: 'Health per host', what: 'health per host' },
  country: { title: 'Health per country', what: 'health per country' },
  credential: { title: 'Health per credential', what: 'health per credential' },
};

function HealthCard({ kind, by, filter }: { kind: ProxyKind; by: TableBy; filter: UsageFilter }) {
  const rows = useQuery(healthQueryOptions(kind, by, filter));
  const { title, what } = TABLES[by];
  return (
    <Card
      title={title}
      className="min-w-0"
      actions={
        <TableDownloads
          kind={kind}
          table={`health-${by === 'country' ? 'countries' : `${by}s`}`}
          title={title}
          columns={healthColumns(by, rows.data?.rows ?? [])}
          rows={rows.data?.rows}
        />
      }
    >
      {by === 'country' && (
        <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">The country your user name targeted (country-…), not where the site is.</p>
      )}
      <QueryFrame isPending={rows.isPending} isError={rows.isError} error={rows.error} onRetry={() => void rows.refetch()} what={what}>
        <HealthTable label={title} by={by} rows={rows.data?.rows ?? []} testId={`health-${by}`} />
      </QueryFrame>
    </Card>
  );
}

function HourlyHealth({ kind, filter, now }: { kind: ProxyKind; filter: UsageFilter; now: Date }) {
  const window = chartWindow('hour', filter, now);
  const rows = useQuery(healthQueryOptions(kind, 'hour', filter, hourFrom(window.start)));
  const byKey = new Map((rows.data?.rows ?? []).map((row) => [row.key, row]));
  const hours = bucketKeys('hour', window).map((key) => ({ key, row: byKey.get(key) }));
  return (
    <Card title="Success rate per hour" className="min-w-0">
      <QueryFrame isPending={rows.isPending} isError={rows.isError} error={rows.error} onRetry={() => void rows.refetch()} what="success rate per hour" height="h-56">
        <HealthChart title={windowTitle('hour', filter, hours.map((hour) => hour.key))} hours={hours} testId="health-chart" />
      </QueryFrame>
    </Card>
  );
}

function Overview({ kind, filter, now }: { kind: ProxyKind; filter: UsageFilter; now: Date }) {
  // every answer carries the total over all the matching connections: the host one's serves
  const hosts = useQuery(healthQueryOptions(kind, 'host', filter));
  const summary = hosts.data?.total;
  return (
    <QueryFrame
      isPending={hosts.isPending}
      isError={hosts.isError}
      error={hosts.error}
      onRetry={() => void hosts.refetch()}
      what="health of your traffic"
      height="h-56"
    >
      {!summary || summary.connections === 0 ? (
        <Card>
          <EmptyState
            title={isFiltered(filter) ? 'No traffic in this period' : 'No traffic yet'}
            body="Connections through your proxies show here once they end. A wrong user name or password never does: if your client cannot connect at all, check the line you copied."
          />
        </Card>
      ) : (
        <div className="space-y-6">
          <div className="grid gap-6 xl:grid-cols-2">
            <Card title="Summary" className="min-w-0">
              <HealthFigures summary={summary} />
            </Card>
            <Card title="Worst targets" className="min-w-0">
              <WorstTargets rows={worstHosts(hosts.data?.rows ?? [])} />
            </Card>
          </div>
          <div className="grid gap-6 xl:grid-cols-2">
            <HourlyHealth kind={kind} filter={filter} now={now} />
            <Card title="Why connections failed" className="min-w-0">
              <FailureHints byReason={summary.failuresByReason} />
            </Card>
          </div>
          <HealthCard kind={kind} by="host" filter={filter} />
          <div className="grid gap-6 2xl:grid-cols-2">
            <HealthCard kind={kind} by="country" filter={filter} />
            <HealthCard kind={kind} by="credential" filter={filter} />
          </div>
        </div>
      )}
    </QueryFrame>
  );
}

export function HealthTab({ kind }: { kind: ProxyKind }) {
  const now = useNow();
  const [filter, setFilter] = useState<UsageFilter>(NO_FILTER);
  return (
    <div className="space-y-6">
      <Card title="Health of your traffic">
        <p className="mb-4 text-sm text-slate-600 dark:text-slate-300">
          How your connections through the gateway went: how many succeeded, how long reaching the site took, and why the others failed, with
          what to do about it. Dates are UTC; without dates the figures cover all your traffic so far, and the chart the last 48 hours.
        </p>
        <UsageFilters onChange={setFilter} today={now.toISOString().slice(0, 10)} label="Filter the health figures" withOutcome={false} />
      </Card>
      <Overview kind={kind} filter={filter} now={now} />
    </div>
  );
}
