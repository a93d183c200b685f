// Daily usage of the last 30 days as SVG bars (no chart library). The bars stretch with the card;
// axis labels are HTML so they never scale. Hover, or focus the chart and use the arrow keys, to
// read a day (GB with 2 decimals). A visually hidden table carries the same numbers for screen
// readers.
import { useId, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { EmptyState } from '@/components/ui/page-parts';
import { cn } from '@/lib/cn';
import { formatFixed2 } from '@/lib/format';
import type { UsageDay } from '../api/get-usage';
import { niceMax, shortDay, toGb } from '../chart-scale';

const HEIGHT = 100;

function tooltipAt(index: number, count: number): { className: string; style: CSSProperties } {
  const centre = ((index + 0.5) / count) * 100;
  if (centre < 25) return { className: '-translate-x-3', style: { left: `${centre}%` } };
  if (centre > 75) return { className: 'translate-x-3', style: { right: `${100 - centre}%` } };
  return { className: '-translate-x-1/2', style: { left: `${centre}%` } };
}

export function UsageChart({ days }: { days: UsageDay[] }) {
  const titleId = useId();
  const [active, setActive] = useState<number | null>(null);
  const totalBytes = days.reduce((sum, day) => sum + day.bytes, 0);
  if (days.length === 0 || totalBytes === 0) {
    return <EmptyState title="No usage yet" body="Traffic used by your generated proxies in the last 30 days will show here." />;
  }
  const max = niceMax(Math.max(...days.map((day) => toGb(day.bytes))));
  const count = days.length;
  const current = active === null ? null : days[active];

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
    <figure aria-labelledby={titleId} data-testid="usage-chart">
      <figcaption id={titleId} className="mb-3 flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <span className="font-medium">Daily usage, last {count} days</span>
        <span className="text-slate-600 dark:text-slate-300">
          Total <span className="font-semibold tabular-nums">{formatFixed2(toGb(totalBytes))} GB</span>
        </span>
      </figcaption>
      {/* the top margin leaves room for the tooltip above the bars */}
      <div className="mt-10 flex gap-2">
        <div aria-hidden="true" className="flex h-48 flex-col justify-between text-right text-xs text-slate-600 tabular-nums dark:text-slate-300">
          <span className="-translate-y-1/2">{formatFixed2(max)}</span>
          <span>{formatFixed2(max / 2)}</span>
          <span className="translate-y-1/2">0 GB</span>
        </div>
        <div className="min-w-0 flex-1">
          <div
            className="relative h-48 rounded focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600"
            tabIndex={0}
            role="group"
            aria-label="Usage chart: use the left and right arrow keys to read each day"
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
              {days.map((day, index) => {
                const height = (toGb(day.bytes) / max) * HEIGHT;
                // a day with any usage stays visible as at least a sliver
                const shown = day.bytes > 0 ? Math.max(height, 1) : 0;
                return (
                  <g key={day.day} data-testid="usage-bar" data-day={day.day} data-gb={formatFixed2(toGb(day.bytes))}>
                    <rect
                      x={index + 0.15}
                      width={0.7}
                      y={HEIGHT - shown}
                      height={shown}
                      rx={0.15}
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
                data-testid="usage-tooltip"
                className={cn(
                  'pointer-events-none absolute -top-2 z-10 -translate-y-full rounded-md bg-slate-900 px-2 py-1 text-xs whitespace-nowrap text-white shadow dark:bg-slate-100 dark:text-slate-900',
                  // near an edge the tooltip grows inwards so it stays inside the card
                  tooltipAt(active, count).className,
                )}
                style={tooltipAt(active, count).style}
              >
                {shortDay(current.day)}: <span className="font-semibold tabular-nums">{formatFixed2(toGb(current.bytes))} GB</span>
              </div>
            )}
          </div>
          <div aria-hidden="true" className="mt-2 flex justify-between text-xs text-slate-600 dark:text-slate-300">
            <span>{shortDay(days[0]!.day)}</span>
            <span>{shortDay(days[Math.floor((count - 1) / 2)]!.day)}</span>
            <span>{shortDay(days[count - 1]!.day)}</span>
          </div>
        </div>
      </div>
      <table className="sr-only">
        <caption>Daily usage in GB</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Used (GB)</th>
          </tr>
        </thead>
        <tbody>
          {days
            .filter((day) => day.bytes > 0)
            .map((day) => (
              <tr key={day.day}>
                <td>{shortDay(day.day)}</td>
                <td>{formatFixed2(toGb(day.bytes))}</td>
              </tr>
            ))}
        </tbody>
      </table>
    </figure>
  );
}
