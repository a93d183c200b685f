// Unknown /admin/* path, shown inside the console's layout.
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button-classes';
import { useDocumentTitle } from '@/hooks/use-document-title';

export default function AdminNotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <div className="flex flex-col items-center py-20 text-center">
      <h1 className="text-2xl font-bold">Page not found.</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">This page of the operator console does not exist.</p>
      <Link to="/admin" className={buttonClasses('primary', 'md', 'mt-6')}>
        Back to Overview
      </Link>
    </div>
  );
}
