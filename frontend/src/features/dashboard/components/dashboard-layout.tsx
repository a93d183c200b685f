// Layout of /onboard/* (and of /reseller): guests are sent to /login once the session has loaded; the
// balance refreshes every few seconds while the page is visible and when the customer comes back
// from a checkout tab. A reseller's client gets the sidebar of what it may do (its reseller's brand
// instead of the shop's mark, no wallet or purchases unless its reseller sells to it) and the
// not-found page on the others; a reseller gets its console in the sidebar.
import { useQuery } from '@tanstack/react-query';
import { Suspense, useCallback } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { clientCatalogueQueryOptions } from '@/lib/client-catalogue';
import { useLiveSession } from '@/lib/session';
import { useWalletRefresh } from '@/lib/wallet-sync';
import DashboardNotFound from '../routes/dashboard-not-found';
import { clientMayOpen, navEntriesFor } from './nav-items';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';
import { useSidebar } from './use-sidebar';

export default function DashboardLayout() {
  const { user, isLoading } = useLiveSession();
  const sidebar = useSidebar();
  const { setMobileOpen } = sidebar;
  const closeMobile = useCallback(() => setMobileOpen(false), [setMobileOpen]);
  const { pathname } = useLocation();
  const client = user?.resellerClient ?? false;
  const catalogue = useQuery({ ...clientCatalogueQueryOptions, enabled: client });
  const catalogueOpen = catalogue.data?.open ?? false;
  useWalletRefresh();

  if (isLoading || (client && catalogue.isPending)) return <PageSpinner />;
  if (!user) return <Navigate to="/login" replace />;
  const closed = client && !clientMayOpen(pathname, catalogueOpen);

  return (
    <div className="flex min-h-screen bg-slate-50 dark:bg-slate-900/40">
      <Sidebar
        entries={navEntriesFor(user, catalogueOpen)}
        brand={client ? (user.brand ?? null) : null}
        minimised={sidebar.minimised}
        onToggleMinimised={sidebar.toggleMinimised}
        mobileOpen={sidebar.mobileOpen}
        onCloseMobile={closeMobile}
      />
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar user={user} wallet={!client || catalogueOpen} onOpenMenu={() => setMobileOpen(true)} menuOpen={sidebar.mobileOpen} />
        <main id="main" className="flex-1 p-4 sm:p-6 lg:p-8">
          <Suspense fallback={<PageSpinner />}>
            {closed ? <DashboardNotFound /> : <Outlet />}
          </Suspense>
        </main>
      </div>
    </div>
  );
}
