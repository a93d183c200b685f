// Layout of /onboard/*: guests are sent to /login once the session has loaded; the
// balance refreshes every few seconds while the page is visible and when the customer comes back
// from a checkout tab.
import { Suspense, useCallback } from 'react';
import { Navigate, Outlet } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { useLiveSession } from '@/lib/session';
import { useWalletRefresh } from '@/lib/wallet-sync';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';
import { useSidebar } from './use-sidebar';

export default function DashboardLayout() {
  const { user, isLoading } = useLiveSession();
  const sidebar = useSidebar();
  const { setMobileOpen } = sidebar;
  const closeMobile = useCallback(() => setMobileOpen(false), [setMobileOpen]);
  useWalletRefresh();

  if (isLoading) return <PageSpinner />;
  if (!user) return <Navigate to="/login" replace />;

  return (
    <div className="flex min-h-screen bg-slate-50 dark:bg-slate-900/40">
      <Sidebar
        minimised={sidebar.minimised}
        onToggleMinimised={sidebar.toggleMinimised}
        mobileOpen={sidebar.mobileOpen}
        onCloseMobile={closeMobile}
      />
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar user={user} onOpenMenu={() => setMobileOpen(true)} menuOpen={sidebar.mobileOpen} />
        <main id="main" className="flex-1 p-4 sm:p-6 lg:p-8">
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
