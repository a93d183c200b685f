// Bars as SVG, shared by the daily usage chart and the usage record's day and hour charts
// (customers never download the console's chart library). The bars stretch with the card; axis
// labels are HTML so they never scale. Hover, or focus the chart and use the arrow keys, to read a
// bar in a tooltip; a visually hidden table carries the bars with a value for screen readers.
// The callers own the numbers: the axis scale, the labels and the table's words.
import { useState, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

const HEIGHT = 100;

/** One bar: `value` in the axis's unit (0 to `max`); `present` keeps a sliver of it visible. */
export type ChartBar = {
  key: string;
  value: number;
  present: boolean;
  /** data-* attributes on the bar's group (tests and screenshots read them). */
  data: Record<`data-${string}`, string | number>;
  tooltip: ReactNode;
  /** The x-axis label of the bar. */
  tick: string;
  /** The bar's two cells in the screen-reader table, or null to leave it out. */
  row: [ReactNode, ReactNode] | null;
};

export type BarChartProps = {
  bars: ChartBar[];
  /** The figure's test id; the bars and the tooltip take `barTestId` and `tooltipTestId`. */
  testId: string;
  barTestId: string;
  tooltipTestId: string;
  labelledBy: string;
  describedBy?: string;
  /** The figcaption's own id, when it is the whole title. */
  captionId?: string;
  caption: ReactNode;
  captionClassName: string;
  /** The top of the y axis, and how its three labels read. */
  max: number;
  axisNumber: (value: number) => string;
  unit: string;
  /** The plot's Tailwind height class ("h-40", "h-48"). */
  heightClass: string;
  roundedBars?: boolean;
  /** On a narrow screen only the first and last x labels show. */
  endTicksWhenNarrow?: boolean;
  /** The aria-label of the focusable plot. */
  label: string;
  table: { caption: ReactNode; headers: [string, string] };
};

function tooltipAt(index: number, count: number): { className: string; style: CSSProperties } {
  const centre = ((index + 0.5) / count) * 100;
  if (centre < 25) return { className: '-translate-x-3', style: { left: `${centre}%` } };
  if (centre > 75) return { className: 'translate-x-3', style: { right: `${100 - centre}%` } };
  return { className: '-translate-x-1/2', style: { left: `${centre}%` } };
}

/** Draws non-empty `bars`; the callers show their empty state instead. */
export function BarChart(props: BarChartProps) {
  const { bars, max, heightClass, testId } = props;
  const [active, setActive] = useState<number | null>(null);
  const count = bars.length;
  const current = active === null ? null : bars[active];

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
    <figure aria-labelledby={props.labelledBy} aria-describedby={props.describedBy} data-testid={testId}>
      <figcaption id={props.captionId} className={props.captionClassName}>
        {props.caption}
      </figcaption>
      {/* the top margin leaves room for the tooltip above the bars */}
      <div className="mt-10 flex gap-2">
        <div
          aria-hidden="true"
          className={cn('flex flex-col justify-between text-right text-xs text-slate-600 tabular-nums dark:text-slate-300', heightClass)}
        >
          <span className="-translate-y-1/2">{props.axisNumber(max)}</span>
          <span>{props.axisNumber(max / 2)}</span>
          <span className="translate-y-1/2">0 {props.unit}</span>
        </div>
        <div className="min-w-0 flex-1">
          <div
            className={cn('relative rounded focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600', heightClass)}
            tabIndex={0}
            role="group"
            aria-label={props.label}
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
              {bars.map((bar, index) => {
                const height = (bar.value / max) * HEIGHT;
                // a bar with any traffic stays visible as at least a sliver
                const shown = bar.present ? Math.max(height, 1) : 0;
                return (
                  <g key={bar.key} data-testid={props.barTestId} {...bar.data}>
                    <rect
                      x={index + 0.15}
                      width={0.7}
                      y={HEIGHT - shown}
                      height={shown}
                      rx={props.roundedBars ? 0.15 : undefined}
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
                data-testid={props.tooltipTestId}
                className={cn(
                  'pointer-events-none absolute -top-2 z-10 -translate-y-full rounded-md bg-slate-900 px-2 py-1 text-xs whitespace-nowrap text-white shadow dark:bg-slate-100 dark:text-slate-900',
                  // near an edge the tooltip grows inwards so it stays inside the card
                  tooltipAt(active, count).className,
                )}
                style={tooltipAt(active, count).style}
              >
                {current.tooltip}
              </div>
            )}
          </div>
          <div
            aria-hidden="true"
            className={cn('mt-2 flex justify-between text-xs text-slate-600 dark:text-slate-300', props.endTicksWhenNarrow && 'gap-2')}
          >
            <span>{bars[0]!.tick}</span>
            <span className={props.endTicksWhenNarrow ? 'max-sm:hidden' : undefined}>{bars[Math.floor((count - 1) / 2)]!.tick}</span>
            <span>{bars[count - 1]!.tick}</span>
          </div>
        </div>
      </div>
      <table className="sr-only">
        <caption>{props.table.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{props.table.headers[0]}</th>
            <th scope="col">{props.table.headers[1]}</th>
          </tr>
        </thead>
        <tbody>
          {bars.map(
            (bar) =>
              bar.row && (
                <tr key={bar.key}>
                  <td>{bar.row[0]}</td>
                  <td>{bar.row[1]}</td>
                </tr>
              ),
          )}
        </tbody>
      </table>
    </figure>
  );
}
