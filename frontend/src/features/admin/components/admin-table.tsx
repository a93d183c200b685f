// A console list: the shared table frame with a minimum width (so it scrolls inside its card on a
// phone), skeleton rows while loading, an error or empty row, and the pager with the total.
import type { ReactNode } from 'react';
import { DataTable, FullRow, Pager, SkeletonRows, type Column } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/page-parts';
import { plural } from '@/lib/plural';

type AdminTableProps = {
  label: string;
  columns: Column[];
  loading: boolean;
  failed: boolean;
  empty: boolean;
  emptyText: string;
  children: ReactNode;
  minWidth?: string;
  paging?: { page: number; perPage: number; total: number; onChange: (page: number) => void };
};

export function AdminTable({ label, columns, loading, failed, empty, emptyText, children, minWidth = 'min-w-[720px]', paging }: AdminTableProps) {
  return (
    <>
      <DataTable label={label} columns={columns} minWidth={minWidth}>
        {loading && <SkeletonRows columns={columns} />}
        {!loading && failed && (
          <FullRow columns={columns.length}>
            <EmptyState title={`Could not load the ${label.toLowerCase()}.`} body="Please try again in a moment." />
          </FullRow>
        )}
        {!loading && !failed && empty && (
          <FullRow columns={columns.length}>
            <EmptyState title={emptyText} />
          </FullRow>
        )}
        {!loading && children}
      </DataTable>
      {paging && !loading && (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="mt-4 text-sm text-slate-600 dark:text-slate-300">
            {plural(paging.total, 'result', 'results')}
          </p>
          <Pager label={`${label} pages`} page={paging.page} perPage={paging.perPage} total={paging.total} onChange={paging.onChange} />
        </div>
      )}
    </>
  );
}

/** Classes of a body cell and of a muted body cell. */
export const CELL = 'py-3 pr-4 last:pr-0 align-top';
export const MUTED = 'text-slate-600 dark:text-slate-400';
/** The cell of a row's buttons, which are taller than a line of text. */
export const ACTIONS = 'py-1.5 text-right whitespace-nowrap align-top';
