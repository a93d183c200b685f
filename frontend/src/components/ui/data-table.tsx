// A scrollable, keyboard-reachable table frame with header cells, skeleton rows while loading,
// an empty row and a pager; shared by the wallet and referral screens.
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';

export type Column = string | { label: string; align?: 'left' | 'right'; /** only from 640 px up */ wide?: boolean };

type DataTableProps = {
  /** Accessible name of the scroll region and caption of the table. */
  label: string;
  columns: ReadonlyArray<Column>;
  children: ReactNode;
  minWidth?: string;
  className?: string;
};

const column = (entry: Column) => (typeof entry === 'string' ? { label: entry } : entry);

/** Class of a body cell whose column only shows from 640 px up. */
export const WIDE_ONLY = 'hidden sm:table-cell';
/** Class of the body cell that is the last one shown under 640 px (no right padding there). */
export const NARROW_LAST = 'max-sm:pr-0';

export function DataTable({ label, columns, children, minWidth = 'sm:min-w-[520px]', className }: DataTableProps) {
  const lastNarrow = columns.map(column).reduce((last, entry, index) => (entry.wide ? last : index), -1);
  return (
    <div
      // `relative`: the positioned content of cells (screen-reader-only text is absolutely
      // positioned) is laid out and clipped inside this scroller; without it such text far to the
      // right of a wide table widens the whole page on a phone.
      className={cn('relative overflow-x-auto focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600', className)}
      tabIndex={0}
      role="region"
      aria-label={label}
    >
      <table className={cn('w-full text-left text-sm', minWidth)}>
        <caption className="sr-only">{label}</caption>
        <thead className="border-b border-slate-200 text-slate-600 dark:border-slate-800 dark:text-slate-300">
          <tr>
            {columns.map(column).map(({ label: text, align, wide }, index) => (
              <th
                key={text}
                scope="col"
                className={cn('py-2.5 pr-4 font-medium last:pr-0', align === 'right' && 'text-right', wide && WIDE_ONLY, index === lastNarrow && NARROW_LAST)}
              >
                {text}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">{children}</tbody>
      </table>
    </div>
  );
}

/** Placeholder rows while the data loads (announced once as "Loading"). */
export function SkeletonRows({ rows = 5, columns }: { rows?: number; columns: ReadonlyArray<Column> }) {
  return (
    <>
      {Array.from({ length: rows }, (_, row) => (
        <tr key={row} aria-hidden="true" data-testid="skeleton-row">
          {columns.map(column).map(({ label, wide }) => (
            <td key={label} className={cn('py-3 pr-4 last:pr-0', wide && WIDE_ONLY)}>
              <span className="block h-4 w-full max-w-[8rem] animate-pulse rounded bg-slate-200 dark:bg-slate-700" />
            </td>
          ))}
        </tr>
      ))}
    </>
  );
}

/** One full-width row holding an empty state or an error. */
export function FullRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={columns} className="pt-4">
        {children}
      </td>
    </tr>
  );
}

type PagerProps = { page: number; perPage: number; total: number; onChange: (page: number) => void; label: string };

/** "Page 2 of 5" with previous and next buttons; nothing when everything fits on one page. */
export function Pager({ page, perPage, total, onChange, label }: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / perPage));
  if (total <= perPage) return null;
  const button =
    'inline-flex h-9 items-center gap-1 rounded-lg border border-slate-300 px-3 text-sm font-medium hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50 dark:border-slate-700 dark:hover:bg-slate-800';
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-3 text-sm">
      <p className="text-slate-600 dark:text-slate-300" aria-live="polite">
        Page {page} of {pages}
      </p>
      <div className="flex gap-2">
        <button type="button" className={button} disabled={page <= 1} onClick={() => onChange(page - 1)}>
          <ChevronLeftIcon className="h-4 w-4" />
          Previous
        </button>
        <button type="button" className={button} disabled={page >= pages} onClick={() => onChange(page + 1)}>
          Next
          <ChevronRightIcon className="h-4 w-4" />
        </button>
      </div>
    </nav>
  );
}
