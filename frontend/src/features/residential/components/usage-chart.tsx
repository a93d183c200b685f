// Usage of the last 30 days (per UTC day) or of the last 48 hours (per UTC hour) as bars; each
// bucket and the total read as traffic (formatTraffic: MB below 1 GB), and the axis is in MB
// while the busiest bucket is under 1 GB (see ./bar-chart.tsx).
import { useId } from 'react';
import { EmptyState } from '@/components/ui/page-parts';
import { formatFixed2, formatTraffic, MB_PER_GB } from '@/lib/format';
import { plural } from '@/lib/plural';
import { niceMax, shortDay, toGb } from '../chart-scale';
import { bucketLabel, type Bucket } from '../usage-records';
import { BarChart } from './bar-chart';

export type UsagePeriod = 'day' | 'hour';

const WORDS: Record<UsagePeriod, { title: string; unit: [string, string]; empty: string; label: (key: string) => string; header: string }> = {
  day: { title: 'Daily usage', unit: ['day', 'days'], empty: 'in the last 30 days', label: shortDay, header: 'Day' },
  hour: { title: 'Hourly usage', unit: ['hour', 'hours'], empty: 'in the last 48 hours', label: bucketLabel, header: 'Hour (UTC)' },
};

export function UsageChart({ buckets, period = 'day' }: { buckets: Bucket[]; period?: UsagePeriod }) {
  const titleId = useId();
  const words = WORDS[period];
  const totalBytes = buckets.reduce((sum, bucket) => sum + bucket.bytes, 0);
  if (buckets.length === 0 || totalBytes === 0) {
    return <EmptyState title="No usage yet" body={`Traffic used by your generated proxies ${words.empty} will show here.`} />;
  }
  const busiest = Math.max(...buckets.map((bucket) => toGb(bucket.bytes)));
  // under 1 GB a GB axis reads "0.01, 0.01, 0 GB": count in MB there
  const inMb = busiest < 1;
  const scale = inMb ? MB_PER_GB : 1;
  const max = niceMax(busiest * scale);
  const bars = buckets.map((bucket) => {
    const gb = formatFixed2(toGb(bucket.bytes));
    const amount = formatTraffic(toGb(bucket.bytes));
    const label = words.label(bucket.key);
    return {
      key: bucket.key,
      value: toGb(bucket.bytes) * scale,
      present: bucket.bytes > 0,
      data: { [`data-${period}`]: bucket.key, 'data-gb': gb },
      tooltip: (
        <>
          {label}: <span className="font-semibold tabular-nums">{amount}</span>
        </>
      ),
      tick: label,
      row: bucket.bytes > 0 ? ([label, amount] as [string, string]) : null,
    };
  });

  return (
    <BarChart
      bars={bars}
      testId="usage-chart"
      barTestId="usage-bar"
      tooltipTestId="usage-tooltip"
      labelledBy={titleId}
      captionId={titleId}
      captionClassName="mb-3 flex flex-wrap items-baseline justify-between gap-2 text-sm"
      caption={
        <>
          <span className="font-medium">
            {words.title}, last {plural(buckets.length, ...words.unit)}
            {period === 'hour' ? ' (UTC)' : ''}
          </span>
          <span className="text-slate-600 dark:text-slate-300">
            Total <span className="font-semibold tabular-nums">{formatTraffic(toGb(totalBytes))}</span>
          </span>
        </>
      }
      max={max}
      axisNumber={inMb ? (value) => String(Math.round(value * 10) / 10) : formatFixed2}
      unit={inMb ? 'MB' : 'GB'}
      heightClass="h-48"
      roundedBars
      endTicksWhenNarrow={period === 'hour'}
      label={`Usage chart: use the left and right arrow keys to read each ${words.unit[0]}`}
      table={{ caption: words.title, headers: [words.header, 'Used'] }}
    />
  );
}
