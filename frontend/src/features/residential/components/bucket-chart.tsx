// Bytes per UTC day or hour of the usage record as bars (see ./bar-chart.tsx): the unit follows
// the largest bucket, a text summary (total and busiest bucket) sits under the title, and the
// screen-reader table gives each bucket with traffic in its unit and exactly.
import { useId } from 'react';
import { EmptyState } from '@/components/ui/page-parts';
import { niceMax } from '../chart-scale';
import { bucketLabel, byteUnit, formatBytes, formatExactBytes, type Bucket } from '../usage-records';
import { BarChart } from './bar-chart';

const axisNumber = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(value < 1 ? 2 : 1));

type BucketChartProps = {
  title: string;
  /** "day" or "hour", for the summary and the keyboard hint. */
  unitName: string;
  buckets: Bucket[];
  testId: string;
};

export function BucketChart({ title, unitName, buckets, testId }: BucketChartProps) {
  const titleId = useId();
  const summaryId = useId();
  const total = buckets.reduce((sum, bucket) => sum + bucket.bytes, 0);
  if (buckets.length === 0 || total === 0) {
    return <EmptyState title="No traffic in this period" body="Connections through the gateway show here once they end." />;
  }
  const busiest = buckets.reduce((best, bucket) => (bucket.bytes > best.bytes ? bucket : best), buckets[0]!);
  const { unit, size } = byteUnit(busiest.bytes);
  const bars = buckets.map((bucket) => ({
    key: bucket.key,
    value: bucket.bytes / size,
    present: bucket.bytes > 0,
    data: { 'data-key': bucket.key, 'data-bytes': bucket.bytes },
    tooltip: (
      <>
        {bucketLabel(bucket.key)}: <span className="font-semibold tabular-nums">{formatBytes(bucket.bytes)}</span>
      </>
    ),
    tick: bucketLabel(bucket.key),
    row:
      bucket.bytes > 0
        ? ([bucketLabel(bucket.key), `${formatBytes(bucket.bytes)} (${formatExactBytes(bucket.bytes)})`] as [string, string])
        : null,
  }));

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
            Total <span className="font-semibold tabular-nums">{formatBytes(total)}</span> over {buckets.length} {unitName}s; busiest{' '}
            {unitName} {bucketLabel(busiest.key)} UTC with <span className="font-semibold tabular-nums">{formatBytes(busiest.bytes)}</span>.
          </span>
        </>
      }
      max={niceMax(busiest.bytes / size)}
      axisNumber={axisNumber}
      unit={unit}
      heightClass="h-40"
      endTicksWhenNarrow
      label={`${title}: use the left and right arrow keys to read each ${unitName}`}
      table={{ caption: `Traffic per ${unitName}, ${title}`, headers: [unitName === 'day' ? 'Day' : 'Hour', 'Traffic'] }}
    />
  );
}
