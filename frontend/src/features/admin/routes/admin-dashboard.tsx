// /admin and /admin/dashboard: admins only; guests go to /login, other users to /onboard.
// The admin screens themselves arrive in a later issue.
import { Link, Navigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Logo } from '@/components/ui/logo';
import { PageSpinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { displayName, isAdmin, useLogout, useSession } from '@/lib/session';

export default function AdminDashboardPage() {
  const { user, isLoading } = useSession();
  const logout = useLogout();
  useDocumentTitle('Admin dashboard');
  if (isLoading) return <PageSpinner />;
  if (!user) return <Navigate to="/login" replace />;
  if (!isAdmin(user)) return <Navigate to="/onboard" replace />;
  return (
    <div className="min-h-screen bg-slate-50 dark:bg-slate-900/40">
      <header className="flex h-16 items-center justify-between border-b border-slate-200 bg-white px-6 dark:border-slate-800 dark:bg-slate-950">
        <Link to="/" aria-label="ProxyShop home">
          <Logo />
        </Link>
        <div className="flex items-center gap-3 text-sm">
          <span className="hidden sm:inline">{displayName(user)}</span>
          <Button variant="outline" size="sm" onClick={() => logout.mutate()} busy={logout.isPending}>
            Logout
          </Button>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-5xl p-6">
        <h1 className="text-2xl font-bold">Admin dashboard</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-300">Signed in as administrator {user.email}.</p>
        <div className="mt-6 rounded-2xl border border-dashed border-slate-300 p-10 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300">
          Users, plans, payments and the audit log will be managed here.
        </div>
      </main>
    </div>
  );
}
