// One component's 90 days as a row of bars: green at 100 %, amber above 99 %, red below, grey when
// nothing was measured; each bar names its day and uptime for screen readers and on hover.
import type { ComponentStatus } from '../api/get-status';

type Day = ComponentStatus['days'][number];

function tone(uptime: Day['uptime']): string {
  if (uptime === null || uptime === undefined) return 'bg-slate-200 dark:bg-slate-700';
  if (uptime >= 100) return 'bg-emerald-500';
  if (uptime >= 99) return 'bg-amber-400';
  return 'bg-red-500';
}

function dayLabel(day: Day): string {
  return day.uptime === null || day.uptime === undefined ? `${day.date}: no data` : `${day.date}: ${day.uptime}% up`;
}

export function UptimeBars({ days }: { days: Day[] }) {
  return (
    <div>
      <ol className="flex h-8 items-stretch gap-px" aria-label="Uptime per day, last 90 days">
        {days.map((day, index) => (
          // On a phone only the last 45 days fit.
          <li key={day.date} title={dayLabel(day)} className={`flex-1 rounded-sm ${tone(day.uptime)} ${index < days.length - 45 ? 'hidden sm:block' : ''}`}>
            <span className="sr-only">{dayLabel(day)}</span>
          </li>
        ))}
      </ol>
      <div className="mt-1 flex justify-between text-xs text-slate-500 dark:text-slate-400">
        <span>
          <span className="hidden sm:inline">90 days ago</span>
          <span className="sm:hidden">45 days ago</span>
        </span>
        <span>Today</span>
      </div>
    </div>
  );
}
