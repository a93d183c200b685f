// One line per kind sold by the GB: what is left of what was given or bought, what was used and when
// the rest ends. The reseller's own pools and each client's traffic read alike.
import type { Schemas } from '@/lib/api-types';
import { cn } from '@/lib/cn';
import { bytesText, MUTED, trafficKindName, whenText } from '../format';

type Traffic = Schemas['TrafficView'];

export function TrafficList({ traffic, label, className }: { traffic: Traffic[]; label: string; className?: string }) {
  return (
    <dl aria-label={label} className={cn('grid gap-3 sm:grid-cols-2', className)}>
      {traffic.map((row) => (
        <div key={row.type} className="min-w-0 rounded-xl border border-slate-200 px-4 py-3 dark:border-slate-800">
          <dt className="text-sm font-medium">{trafficKindName(row.type)}</dt>
          <dd className="mt-1 text-xl font-semibold tabular-nums" data-testid={`available-${row.type}`}>
            {bytesText(row.availableBytes)} <span className={cn('text-sm font-normal', MUTED)}>left</span>
          </dd>
          <dd className={cn('mt-0.5 text-xs', MUTED)}>
            {bytesText(row.usedBytes)} used of {bytesText(row.totalBytes)}
            {row.movableBytes < row.availableBytes && ` · ${bytesText(row.movableBytes)} movable now`}
          </dd>
          <dd className={cn('text-xs', MUTED)}>{row.expiresAt ? `Ends ${whenText(row.expiresAt)}` : 'No end date'}</dd>
        </div>
      ))}
    </dl>
  );
}
