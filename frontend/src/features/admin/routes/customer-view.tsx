// /admin/customers/:id/view: what the customer sees, read only, under a banner that says so. The
// page reads one admin route (audited on the server at each read) and has no control that changes
// anything; no customer session or credential is made, and passwords are masked.
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { EmptyState } from '@/components/ui/page-parts';
import { PageSpinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { viewAsQueryOptions } from '../api/get-view-as';
import { AdminHeader } from '../components/admin-header';
import { PiecesCard, UsageCard } from '../components/customer/customer-tables';
import { BalanceTrafficCard } from '../components/customer/profile-cards';
import { LinesCard, ProxyLoginCard, RecentLedgerCard } from '../components/customer/view-as-cards';

export default function CustomerViewPage() {
  const id = Number(useParams().id);
  const valid = Number.isSafeInteger(id) && id > 0;
  const view = useQuery({ ...viewAsQueryOptions(id), enabled: valid });
  const crumbs = [{ label: 'Customers', to: '/admin/customers' }, { label: `#${valid ? id : '?'}`, to: valid ? `/admin/customers/${id}` : undefined }, { label: 'View as customer' }];

  if (valid && view.isPending) return <PageSpinner />;
  const data = view.data;
  if (!valid || !data) {
    const missing = !valid || (view.error instanceof ApiError && view.error.status === 404);
    return (
      <>
        <AdminHeader title="View as customer" crumbs={crumbs} />
        <EmptyState title={missing ? 'User not found' : 'Could not load what this customer sees.'} body={missing ? undefined : 'Please try again in a moment.'} />
      </>
    );
  }

  return (
    <>
      <AdminHeader title="View as customer" crumbs={crumbs} />
      <div role="status" className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950 dark:border-amber-700 dark:bg-amber-950/60 dark:text-amber-100">
        <p className="min-w-0 text-sm font-semibold break-words">
          Viewing as {data.email} — read only
        </p>
        <Link to={`/admin/customers/${id}`} className="tap-target text-sm font-medium underline">
          Back to the customer
        </Link>
      </div>
      <p className="-mt-3 mb-6 text-xs text-slate-600 dark:text-slate-400">
        What {data.email} sees on their dashboard. Nothing here can be changed, passwords are hidden, and this view is recorded in the audit log.
      </p>
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)]">
        <BalanceTrafficCard balance={data.balance} traffic={data.traffic} />
        <ProxyLoginCard view={data} />
      </div>
      <div className="mt-6 grid grid-cols-1 gap-6">
        <UsageCard usage={data.usage} />
        <LinesCard lines={data.lines} />
        <PiecesCard pieces={data.pieces} />
        <RecentLedgerCard ledger={data.ledger} />
      </div>
    </>
  );
}
