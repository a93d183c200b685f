// Grey pulsing placeholder shown while data loads.
import { cn } from '@/lib/cn';

export function Skeleton({ className }: { className?: string }) {
  return <span aria-hidden="true" className={cn('block animate-pulse rounded-md bg-slate-200 dark:bg-slate-800', className)} />;
}
