// The heading of a console page: breadcrumb from "Admin", the title (also the document title) and
// the page's actions.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '@/hooks/use-document-title';

export type Crumb = { label: string; to?: string };

export function AdminHeader({ title, crumbs = [], actions }: { title: string; crumbs?: Crumb[]; actions?: ReactNode }) {
  useDocumentTitle(`${title} · Admin`);
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0">
        <nav aria-label="Breadcrumb" className="text-sm text-slate-600 dark:text-slate-400">
          <ol className="flex flex-wrap items-center gap-1">
            <li>
              <Link to="/admin" className="tap-target hover:underline">
                Admin
              </Link>
            </li>
            {crumbs.map((crumb) => (
              <li key={crumb.label} className="before:mr-1 before:content-['/']">
                {crumb.to ? (
                  <Link to={crumb.to} className="tap-target hover:underline">
                    {crumb.label}
                  </Link>
                ) : (
                  crumb.label
                )}
              </li>
            ))}
          </ol>
        </nav>
        <h1 className="mt-1 text-xl font-bold tracking-tight [overflow-wrap:anywhere] sm:text-2xl">{title}</h1>
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}
