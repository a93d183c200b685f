// The success rate of each UTC hour as bars (see ./bar-chart.tsx): an hour without connections
// has no bar and no row in the screen-reader table; a text summary (connections, the rate over
// the window and the worst hour) sits under the title.
import { useId } from 'react';
import { EmptyState } from '@/components/ui/page-parts';
import { pluralNoun } from '@/lib/plural';
import { formatRate, type HealthRow } from '../traffic-health';
import { bucketLabel, formatCount } from '../usage-records';
import { BarChart } from './bar-chart';

type HealthChartProps = {
  title: string;
  /** Every hour of the window, oldest first, with its group (none without connections). */
  hours: ReadonlyArray<{ key: string; row: HealthRow | undefined }>;
  testId: string;
};

const describe = (row: HealthRow) =>
  `${formatRate(row.successRate)} of ${formatCount(row.connections)} ${pluralNoun(row.connections, 'connection', 'connections')}`;

export function HealthChart({ title, hours, testId }: HealthChartProps) {
  const titleId = useId();
  const summaryId = useId();
  const active = hours.flatMap(({ row }) => (row && row.connections > 0 ? [row] : []));
  if (active.length === 0) {
    return <EmptyState title="No connections in this period" body="Connections through the gateway show here once they end." />;
  }
  const connections = active.reduce((sum, row) => sum + row.connections, 0);
  const succeeded = active.reduce((sum, row) => sum + row.succeeded, 0);
  const worst = active.reduce((low, row) => (row.successRate < low.successRate ? row : low), active[0]!);
  const bars = hours.map(({ key, row }) => {
    const present = row !== undefined && row.connections > 0;
    return {
      key,
      value: present ? row.successRate * 100 : 0,
      present,
      data: { 'data-key': key, 'data-rate': present ? row.successRate : '' },
      tooltip: present ? (
        <>
          {bucketLabel(key)}: <span className="font-semibold tabular-nums">{describe(row)}</span>
        </>
      ) : (
        <>{bucketLabel(key)}: no connections</>
      ),
      tick: bucketLabel(key),
      row: present ? ([bucketLabel(key), describe(row)] as [string, string]) : null,
    };
  });
  return (
    <BarChart
      bars={bars}
      testId={testId}
      barTestId={`${testId}-bar`}
      tooltipTestId={`${testId}-tooltip`}
      labelledBy={titleId}
      describedBy={summaryId}
      captionClassName="mb-3 text-sm"
      caption={
        <>
          <span id={titleId} className="font-medium">
            {title}
          </span>
          <span id={summaryId} className="mt-0.5 block text-slate-600 dark:text-slate-300" data-testid={`${testId}-summary`}>
            <span className="font-semibold tabular-nums">{formatRate(succeeded / connections)}</span> of {formatCount(connections)}{' '}
            {pluralNoun(connections, 'connection', 'connections')} succeeded; lowest hour {bucketLabel(worst.key)} UTC with{' '}
            <span className="font-semibold tabular-nums">{formatRate(worst.successRate)}</span>.
          </span>
        </>
      }
      max={100}
      axisNumber={(value) => String(Math.round(value))}
      unit="%"
      heightClass="h-40"
      endTicksWhenNarrow
      label={`${title}: use the left and right arrow keys to read each hour`}
      table={{ caption: `Success rate per hour, ${title}`, headers: ['Hour', 'Success rate'] }}
    />
  );
}
