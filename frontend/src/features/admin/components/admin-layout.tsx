// Layout of /admin/*: administrators only (guests go to /login, customers to /onboard, an admin
// whom the server refuses for lack of two-factor sign-in to the settings' two-factor card), with
// the console's sidebar and a top bar (theme, the customer dashboard, the admin's name, logout).
import { Suspense, useCallback, useState } from 'react';
import { Link, Navigate, Outlet } from 'react-router';
import { ThemeSwitch } from '@/components/theme-switch';
import { Button } from '@/components/ui/button';
import { HomeIcon, LogoutIcon, MenuIcon } from '@/components/ui/icons';
import { PageSpinner } from '@/components/ui/spinner';
import { displayName, isAdmin, useLogout, useSession } from '@/lib/session';
import { AdminSidebar } from './admin-sidebar';
import { useTwoFactorGate } from './use-two-factor-gate';

export default function AdminLayout() {
  const { user, isLoading } = useSession();
  const logout = useLogout();
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  useTwoFactorGate();

  if (isLoading) return <PageSpinner />;
  if (!user) return <Navigate to="/login" replace />;
  if (!isAdmin(user)) return <Navigate to="/onboard" replace />;

  return (
    <div className="flex min-h-screen bg-slate-50 dark:bg-slate-900/40">
      <AdminSidebar open={menuOpen} onClose={closeMenu} />
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-16 items-center justify-between gap-2 border-b border-slate-200 bg-white/90 px-3 backdrop-blur sm:px-6 dark:border-slate-800 dark:bg-slate-950/90">
          <button
            type="button"
            onClick={() => setMenuOpen(true)}
            aria-label="Open menu"
            aria-controls="admin-drawer"
            aria-expanded={menuOpen}
            className="rounded-md p-2 hover:bg-slate-100 lg:hidden dark:hover:bg-slate-800"
          >
            <MenuIcon />
          </button>
          <div className="flex min-w-0 flex-1 items-center justify-end gap-2 sm:gap-4">
            <ThemeSwitch />
            <Link
              to="/onboard"
              className="inline-flex h-9 items-center gap-2 rounded-lg px-2 text-sm font-medium text-slate-700 hover:bg-slate-100 sm:px-3 dark:text-slate-200 dark:hover:bg-slate-800"
            >
              <HomeIcon className="h-4 w-4" />
              <span className="max-sm:sr-only">Customer dashboard</span>
            </Link>
            <span className="hidden max-w-48 truncate text-sm font-semibold md:inline" data-testid="admin-name">
              {displayName(user)}
            </span>
            <Button variant="outline" size="sm" onClick={() => logout.mutate()} busy={logout.isPending}>
              <LogoutIcon className="h-4 w-4" />
              <span className="max-sm:sr-only">Logout</span>
            </Button>
          </div>
        </header>
        <main id="main" className="min-w-0 flex-1 p-4 sm:p-6 lg:p-8">
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
