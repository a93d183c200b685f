// Proxy history table frame (Ip, Date, Plan, Type, Action) with its empty state; 360 px high.
import { EmptyState } from '@/components/ui/page-parts';

export function HistoryTable({ title = 'History' }: { title?: string }) {
  return (
    <section aria-label={title} className="rounded-2xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <h2 className="border-b border-slate-200 px-5 py-4 text-lg font-semibold dark:border-slate-800">{title}</h2>
      <div className="h-[360px] overflow-auto focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600" tabIndex={0} role="region" aria-label={`${title} table`}>
        <table className="w-full min-w-[560px] text-left text-sm">
          <thead className="sticky top-0 bg-slate-50 text-slate-600 dark:bg-slate-800 dark:text-slate-300">
            <tr>
              {['Ip', 'Date', 'Plan', 'Type', 'Action'].map((column) => (
                <th key={column} scope="col" className="px-5 py-3 font-medium">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr>
              <td colSpan={5} className="p-5">
                <EmptyState title="No Proxy Generated" body="No proxy generated yet. Please generate a proxy first." />
              </td>
            </tr>
          </tbody>
        </table>
      </div>
    </section>
  );
}
