// 404 page: "Page not found." with Go Back, Back to Home and helpful links.
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { buttonClasses } from '@/components/ui/button-classes';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { CHAT_URL } from '@/lib/site';
import { MarketingShell } from '../components/marketing-shell';

const linkClass = 'tap-target font-semibold text-brand-700 hover:underline dark:text-brand-300';

export default function NotFoundPage() {
  const navigate = useNavigate();
  useDocumentTitle('Page not found');
  return (
    <MarketingShell>
      <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
        <p className="text-6xl font-extrabold text-brand-600 dark:text-brand-400">404</p>
        <h1 className="mt-4 text-3xl font-bold tracking-tight">Page not found.</h1>
        <p className="mt-3 text-slate-600 dark:text-slate-300">The page you are looking for does not exist or has moved.</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Button variant="outline" onClick={() => void navigate(-1)}>
            Go Back
          </Button>
          <Link to="/" className={buttonClasses('primary')}>
            Back to Home
          </Link>
        </div>
        <nav aria-label="Helpful links" className="mt-10">
          <ul className="flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm">
            <li>
              <Link to={{ pathname: '/', hash: '#pricing' }} className={linkClass}>
                Pricing
              </Link>
            </li>
            <li>
              <Link to="/support" className={linkClass}>
                Support
              </Link>
            </li>
            <li>
              <Link to="/user&guide" className={linkClass}>
                User guide
              </Link>
            </li>
            <li>
              <a href={CHAT_URL} target="_blank" rel="noopener noreferrer" className={linkClass}>
                Contact us<span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
          </ul>
        </nav>
      </div>
    </MarketingShell>
  );
}
