// A byte count in a usage table: human-readable, with the exact count on a second line (the
// figure a dispute is settled on), and a load/error/empty frame the usage cards share.
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/page-parts';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { formatBytes, formatExactBytes } from '../usage-records';

export function Bytes({ bytes, testId }: { bytes: number; testId?: string }) {
  return (
    <span className="block text-right tabular-nums" data-testid={testId} data-bytes={bytes}>
      <span className="block font-medium whitespace-nowrap">{formatBytes(bytes)}</span>
      <span className="block text-xs whitespace-nowrap text-slate-600 dark:text-slate-400">{formatExactBytes(bytes)}</span>
    </span>
  );
}

/** A failed load: the server's message and a Retry button. */
export function LoadError({ error, onRetry, what }: { error: unknown; onRetry: () => void; what: string }) {
  return (
    <div className="flex flex-col items-center gap-3" role="alert">
      <EmptyState title={`Could not load the ${what}.`} body={errorMessage(error)} />
      <Button variant="outline" size="sm" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}

type QueryFrameProps = { isPending: boolean; isError: boolean; error: unknown; onRetry: () => void; what: string; height?: string; children: ReactNode };

/** A skeleton while loading, the error with Retry, else the content. */
export function QueryFrame({ isPending, isError, error, onRetry, what, height = 'h-40', children }: QueryFrameProps) {
  if (isPending) return <Skeleton className={`${height} w-full`} />;
  if (isError) return <LoadError error={error} onRetry={onRetry} what={what} />;
  return <>{children}</>;
}
