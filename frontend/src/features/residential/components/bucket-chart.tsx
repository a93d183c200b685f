// Bytes per UTC day or hour of the usage record as SVG bars, drawn like the daily usage chart
// (customers never download the console's chart library): the unit follows the largest bucket,
// a text summary (total and busiest bucket) sits under the title, hovering or the arrow keys read
// a bucket, and a visually hidden table carries every bucket with traffic for screen readers.
import { useId, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { EmptyState } from '@/components/ui/page-parts';
import { cn } from '@/lib/cn';
import { niceMax } from '../chart-scale';
import { bucketLabel, byteUnit, formatBytes, formatExactBytes, type Bucket } from '../usage-records';

const HEIGHT = 100;

function tooltipAt(index: number, count: number): { className: string; style: CSSProperties } {
  const centre = ((index + 0.5) / count) * 100;
  if (centre < 25) return { className: '-translate-x-3', style: { left: `${centre}%` } };
  if (centre > 75) return { className: 'translate-x-3', style: { right: `${100 - centre}%` } };
  return { className: '-translate-x-1/2', style: { left: `${centre}%` } };
}

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
  const [active, setActive] = useState<number | null>(null);
  const total = buckets.reduce((sum, bucket) => sum + bucket.bytes, 0);
  if (buckets.length === 0 || total === 0) {
    return <EmptyState title="No traffic in this period" body="Connections through the gateway show here once they end." />;
  }
  const count = buckets.length;
  const busiest = buckets.reduce((best, bucket) => (bucket.bytes > best.bytes ? bucket : best), buckets[0]!);
  const { unit, size } = byteUnit(busiest.bytes);
  const max = niceMax(busiest.bytes / size);
  const current = active === null ? null : buckets[active];

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const last = count - 1;
    const from = active ?? last;
    let next: number | null = null;
    if (event.key === 'ArrowRight') next = Math.min(last, from + 1);
    else if (event.key === 'ArrowLeft') next = Math.max(0, from - 1);
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = last;
    else if (event.key === 'Escape') setActive(null);
    if (next === null) return;
    event.preventDefault();
    setActive(next);
  }

  return (
    <figure aria-labelledby={titleId} aria-describedby={summaryId} data-testid={testId}>
      <figcaption className="mb-3 text-sm">
        <span id={titleId} className="font-medium">
          {title}
        </span>
        <span id={summaryId} className="mt-0.5 block text-slate-600 dark:text-slate-300" data-testid={`${testId}-summary`}>
          Total <span className="font-semibold tabular-nums">{formatBytes(total)}</span> over {count} {unitName}s; busiest {unitName}{' '}
          {bucketLabel(busiest.key)} UTC with <span className="font-semibold tabular-nums">{formatBytes(busiest.bytes)}</span>.
        </span>
      </figcaption>
      {/* the top margin leaves room for the tooltip above the bars */}
      <div className="mt-10 flex gap-2">
        <div aria-hidden="true" className="flex h-40 flex-col justify-between text-right text-xs text-slate-600 tabular-nums dark:text-slate-300">
          <span className="-translate-y-1/2">{axisNumber(max)}</span>
          <span>{axisNumber(max / 2)}</span>
          <span className="translate-y-1/2">0 {unit}</span>
        </div>
        <div className="min-w-0 flex-1">
          <div
            className="relative h-40 rounded focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600"
            tabIndex={0}
            role="group"
            aria-label={`${title}: use the left and right arrow keys to read each ${unitName}`}
            onKeyDown={onKeyDown}
            onMouseLeave={() => setActive(null)}
            onBlur={() => setActive(null)}
          >
            <svg viewBox={`0 0 ${count} ${HEIGHT}`} preserveAspectRatio="none" className="h-full w-full overflow-visible" aria-hidden="true">
              {[0, 0.5, 1].map((fraction) => (
                <line
                  key={fraction}
                  x1={0}
                  x2={count}
                  y1={HEIGHT * fraction}
                  y2={HEIGHT * fraction}
                  className="stroke-slate-200 dark:stroke-slate-700"
                  strokeWidth={1}
                  vectorEffect="non-scaling-stroke"
                />
              ))}
              {buckets.map((bucket, index) => {
                const height = (bucket.bytes / size / max) * HEIGHT;
                // a bucket with any traffic stays visible as at least a sliver
                const shown = bucket.bytes > 0 ? Math.max(height, 1) : 0;
                return (
                  <g key={bucket.key} data-testid={`${testId}-bar`} data-key={bucket.key} data-bytes={bucket.bytes}>
                    <rect
                      x={index + 0.15}
                      width={0.7}
                      y={HEIGHT - shown}
                      height={shown}
                      className={index === active ? 'fill-brand-700 dark:fill-brand-300' : 'fill-brand-500 dark:fill-brand-400'}
                    />
                    <rect x={index} width={1} y={0} height={HEIGHT} fill="transparent" onMouseEnter={() => setActive(index)} />
                  </g>
                );
              })}
            </svg>
            {current && active !== null && (
              <div
                role="status"
                data-testid={`${testId}-tooltip`}
                className={cn(
                  'pointer-events-none absolute -top-2 z-10 -translate-y-full rounded-md bg-slate-900 px-2 py-1 text-xs whitespace-nowrap text-white shadow dark:bg-slate-100 dark:text-slate-900',
                  tooltipAt(active, count).className,
                )}
                style={tooltipAt(active, count).style}
              >
                {bucketLabel(current.key)}: <span className="font-semibold tabular-nums">{formatBytes(current.bytes)}</span>
              </div>
            )}
          </div>
          <div aria-hidden="true" className="mt-2 flex justify-between gap-2 text-xs text-slate-600 dark:text-slate-300">
            <span>{bucketLabel(buckets[0]!.key)}</span>
            <span className="max-sm:hidden">{bucketLabel(buckets[Math.floor((count - 1) / 2)]!.key)}</span>
            <span>{bucketLabel(buckets[count - 1]!.key)}</span>
          </div>
        </div>
      </div>
      <table className="sr-only">
        <caption>
          Traffic per {unitName}, {title}
        </caption>
        <thead>
          <tr>
            <th scope="col">{unitName === 'day' ? 'Day' : 'Hour'}</th>
            <th scope="col">Traffic</th>
          </tr>
        </thead>
        <tbody>
          {buckets
            .filter((bucket) => bucket.bytes > 0)
            .map((bucket) => (
              <tr key={bucket.key}>
                <td>{bucketLabel(bucket.key)}</td>
                <td>
                  {formatBytes(bucket.bytes)} ({formatExactBytes(bucket.bytes)})
                </td>
              </tr>
            ))}
        </tbody>
      </table>
    </figure>
  );
}
