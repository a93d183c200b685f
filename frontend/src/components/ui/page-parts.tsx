// Building blocks of dashboard pages: title with breadcrumb, card, empty state.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { cn } from '@/lib/cn';

export function PageHeader({ title, crumbs, actions }: { title: string; crumbs?: string[]; actions?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div>
        <nav aria-label="Breadcrumb" className="text-sm text-slate-600 dark:text-slate-400">
          <ol className="flex flex-wrap items-center gap-1">
            <li>
              <Link to="/onboard" className="tap-target hover:underline">
                Dashboard
              </Link>
            </li>
            {(crumbs ?? [title]).map((crumb) => (
              <li key={crumb} className="before:mr-1 before:content-['/']">
                {crumb}
              </li>
            ))}
          </ol>
        </nav>
        <h1 className="mt-1 text-2xl font-bold tracking-tight">{title}</h1>
      </div>
      {actions}
    </div>
  );
}

type CardProps = { title?: string; children: ReactNode; className?: string; actions?: ReactNode; id?: string };

export function Card({ title, children, className, actions, id }: CardProps) {
  return (
    <section id={id} className={cn('rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900', className)}>
      {(title || actions) && (
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          {title && <h2 className="text-lg font-semibold">{title}</h2>}
          {actions}
        </div>
      )}
      {children}
    </section>
  );
}

export function EmptyState({ title, body, icon }: { title: string; body?: string; icon?: ReactNode }) {
  return (
    <div className="flex flex-col items-center justify-center rounded-xl border border-dashed border-slate-300 px-6 py-10 text-center dark:border-slate-700">
      {icon && <div className="mb-3 text-slate-400 dark:text-slate-500">{icon}</div>}
      <p className="font-semibold">{title}</p>
      {body && <p className="mt-1 max-w-sm text-sm text-slate-600 dark:text-slate-400">{body}</p>}
    </div>
  );
}
