// /docs/api: the customer API's reference, read from the OpenAPI document the server serves
// (GET /api/openapi.json). The viewer is a chunk of its own, loaded after the page's frame.
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { ThemeSwitch } from '@/components/theme-switch';
import { Logo } from '@/components/ui/logo';
import { PageSpinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { withTimeout } from '@/lib/lazy-page';
import { homeFor, useSession } from '@/lib/session';
import { useTheme } from '@/lib/theme';
import { openapiDocumentQueryOptions } from '../api/openapi-document';

const ScalarViewer = lazy(() => withTimeout(import('../components/scalar-viewer')));

const link = 'rounded-md px-2 py-1.5 text-sm whitespace-nowrap font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-200 dark:hover:bg-slate-800 dark:hover:text-white';

function Header() {
  const { user } = useSession();
  return (
    <header className="sticky top-0 z-40 flex h-16 items-center gap-2 border-b border-slate-200 bg-white px-4 dark:border-slate-800 dark:bg-slate-950">
      <Link to="/" aria-label="ProxyShop home" className="shrink-0">
        <Logo className="[&>span:last-child]:hidden sm:[&>span:last-child]:inline" />
      </Link>
      <span aria-hidden="true" className="ml-1 hidden truncate text-sm font-semibold text-slate-500 sm:inline dark:text-slate-400">
        API reference
      </span>
      <nav aria-label="API reference" className="ml-auto flex items-center gap-1">
        <Link to="/user&guide" className={link}>
          User guide
        </Link>
        <Link to={user ? homeFor(user) : '/login'} className={link}>
          {user ? 'Dashboard' : 'Login'}
        </Link>
      </nav>
      <ThemeSwitch />
    </header>
  );
}

export default function ApiReferencePage() {
  useDocumentTitle('API reference');
  const [theme] = useTheme();
  const document = useQuery(openapiDocumentQueryOptions);
  return (
    <div className="min-h-screen [--api-reference-header:4rem]">
      <Header />
      <main id="main">
        <h1 className="sr-only">API reference</h1>
        {document.isPending ? (
          <PageSpinner />
        ) : document.isError ? (
          <div role="alert" className="mx-auto max-w-xl px-4 py-16 text-center">
            <p className="font-semibold">The API reference could not be loaded.</p>
            <button type="button" onClick={() => void document.refetch()} className="mt-4 text-brand-700 underline dark:text-brand-300">
              Try again
            </button>
          </div>
        ) : (
          <Suspense fallback={<PageSpinner />}>
            {/* a new viewer per theme: Scalar reads its forced colour mode once, when it mounts */}
            <ScalarViewer key={theme} document={document.data} theme={theme} />
          </Suspense>
        )}
      </main>
    </div>
  );
}
