// The "×1,000" badge of a history row that stands for many identical lines (a rotating
// generation); a screen reader hears "1,000 lines". Nothing for a row of one line.
import { linesLabel, timesLabel } from '@/lib/history-lines';

export function LineCountBadge({ row }: { row: { quantity?: number | null } }) {
  const times = timesLabel(row);
  if (times === null) return null;
  const words = linesLabel(row);
  return (
    <span
      title={words}
      data-testid="line-count"
      className="inline-flex shrink-0 items-center rounded-full bg-brand-50 px-2 py-0.5 font-sans text-xs font-semibold whitespace-nowrap text-brand-800 ring-1 ring-brand-600/20 ring-inset dark:bg-slate-800 dark:text-brand-200 dark:ring-brand-400/30"
    >
      <span aria-hidden="true">{times}</span>
      <span className="sr-only">{words}</span>
    </span>
  );
}
