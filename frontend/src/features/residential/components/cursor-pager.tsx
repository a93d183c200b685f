// The request list's pages, walked by cursor: "Newer" goes back one page, "Older" on to the page
// after this one's `nextCursor`, "Newest" back to the first (which keeps refreshing). The
// position reads "Requests 51–100 of 120" (the total is counted up to 10,000: "of 10,000+"; without
// a total, "Requests 51–100").
import { ChevronLeftIcon, ChevronRightIcon } from '@/components/ui/icons';
import { formatCount } from '../usage-records';

type CursorPagerProps = {
  /** How many pages before this one (0: the newest). */
  depth: number;
  perPage: number;
  shown: number;
  /** The first page's count; null when it is not known. */
  total: number | null;
  totalCapped: boolean;
  nextCursor: string | null | undefined;
  onNewer: () => void;
  onOlder: (cursor: string) => void;
  onNewest: () => void;
};

const BUTTON =
  'inline-flex h-9 items-center gap-1 rounded-lg border border-slate-300 px-3 text-sm font-medium hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50 dark:border-slate-700 dark:hover:bg-slate-800';

export function CursorPager({ depth, perPage, shown, total, totalCapped, nextCursor, onNewer, onOlder, onNewest }: CursorPagerProps) {
  if (depth === 0 && !nextCursor) return null;
  const first = depth * perPage + 1;
  const last = depth * perPage + shown;
  return (
    <nav aria-label="Requests pages" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-slate-600 dark:text-slate-300" aria-live="polite">
        Requests {formatCount(first)}–{formatCount(last)}
        {total !== null && ` of ${formatCount(total)}${totalCapped ? '+' : ''}`}
      </p>
      <div className="flex gap-2">
        {depth > 1 && (
          <button type="button" className={BUTTON} onClick={onNewest}>
            Newest
          </button>
        )}
        <button type="button" className={BUTTON} disabled={depth === 0} onClick={onNewer}>
          <ChevronLeftIcon className="h-4 w-4" />
          Newer
        </button>
        <button type="button" className={BUTTON} disabled={!nextCursor} onClick={() => nextCursor && onOlder(nextCursor)}>
          Older
          <ChevronRightIcon className="h-4 w-4" />
        </button>
      </div>
    </nav>
  );
}
