// Daily usage of the last 30 days as bars; each day and the total read as traffic (formatTraffic:
// MB below 1 GB), and the axis is in MB while the busiest day is under 1 GB (see ./bar-chart.tsx).
import { useId } from 'react';
import { EmptyState } from '@/components/ui/page-parts';
import { formatFixed2, formatTraffic, MB_PER_GB } from '@/lib/format';
import type { UsageDay } from '../api/get-usage';
import { niceMax, shortDay, toGb } from '../chart-scale';
import { BarChart } from './bar-chart';
import { plural } from '@/lib/plural';

export function UsageChart({ days }: { days: UsageDay[] }) {
  const titleId = useId();
  const totalBytes = days.reduce((sum, day) => sum + day.bytes, 0);
  if (days.length === 0 || totalBytes === 0) {
    return <EmptyState title="No usage yet" body="Traffic used by your generated proxies in the last 30 days will show here." />;
  }
  const busiest = Math.max(...days.map((day) => toGb(day.bytes)));
  // under 1 GB a GB axis reads "0.01, 0.01, 0 GB": count in MB there
  const inMb = busiest < 1;
  const scale = inMb ? MB_PER_GB : 1;
  const max = niceMax(busiest * scale);
  const bars = days.map((day) => {
    const gb = formatFixed2(toGb(day.bytes));
    const amount = formatTraffic(toGb(day.bytes));
    return {
      key: day.day,
      value: toGb(day.bytes) * scale,
      present: day.bytes > 0,
      data: { 'data-day': day.day, 'data-gb': gb },
      tooltip: (
        <>
          {shortDay(day.day)}: <span className="font-semibold tabular-nums">{amount}</span>
        </>
      ),
      tick: shortDay(day.day),
      row: day.bytes > 0 ? ([shortDay(day.day), amount] as [string, string]) : null,
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
          <span className="font-medium">Daily usage, last {plural(days.length, 'day', 'days')}</span>
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
      label="Usage chart: use the left and right arrow keys to read each day"
      table={{ caption: 'Daily usage', headers: ['Day', 'Used'] }}
    />
  );
}
