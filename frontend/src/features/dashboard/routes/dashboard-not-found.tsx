// Unknown /onboard/* path, shown inside the dashboard layout.
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button-classes';
import { useDocumentTitle } from '@/hooks/use-document-title';

export default function DashboardNotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <div className="flex flex-col items-center py-20 text-center">
      <h1 className="text-2xl font-bold">Page not found.</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">This dashboard page does not exist.</p>
      <Link to="/onboard" className={buttonClasses('primary', 'md', 'mt-6')}>
        Back to Dashboard
      </Link>
    </div>
  );
}
