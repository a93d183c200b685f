// /admin/customers/:id: one customer's profile, balance, traffic, live pieces, payments, ledger,
// usage, connections (with the upstream pool of each), their own prices, the reseller terms, the refund refusal window and notes, with the actions (adjust balance,
// grant or remove traffic, disable or enable, change role) and customer care (view as customer,
// resend the verification code, force a password reset), each confirmed with what it changes.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { buttonClasses } from '@/components/ui/button-classes';
import { EmptyState } from '@/components/ui/page-parts';
import { PageSpinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { userQueryOptions } from '../api/get-user';
import { AdminHeader } from '../components/admin-header';
import { Badge } from '../components/badge';
import { AccountStateDialog, RoleDialog } from '../components/customer/account-dialogs';
import { BalanceDialog } from '../components/customer/balance-dialog';
import { ConnectionsCard } from '../components/customer/connections-card';
import { ForceResetDialog, VerificationDialog } from '../components/customer/care-dialogs';
import { LedgerCard, PaymentsCard, PiecesCard, UsageCard } from '../components/customer/customer-tables';
import { NotesCard } from '../components/customer/notes-card';
import { PricesCard } from '../components/customer/prices-card';
import { RefundRefusalCard } from '../components/customer/refund-refusal-card';
import { ResellerCard } from '../components/customer/reseller-card';
import { BalanceTrafficCard, ProfileCard } from '../components/customer/profile-cards';
import { TrafficDialog } from '../components/customer/traffic-dialog';

type Action = 'balance' | 'traffic' | 'state' | 'role' | 'verification' | 'reset' | null;

export default function CustomerDetailPage() {
  const id = Number(useParams().id);
  const valid = Number.isSafeInteger(id) && id > 0;
  const detail = useQuery({ ...userQueryOptions(id), enabled: valid });
  const [action, setAction] = useState<Action>(null);
  const close = () => setAction(null);

  if (valid && detail.isPending) return <PageSpinner />;
  const data = detail.data;
  if (!valid || !data) {
    const missing = !valid || (detail.error instanceof ApiError && detail.error.status === 404);
    return (
      <>
        <AdminHeader title="Customer" crumbs={[{ label: 'Customers', to: '/admin/customers' }, { label: 'Customer' }]} />
        <EmptyState title={missing ? 'User not found' : 'Could not load this customer.'} body={missing ? undefined : 'Please try again in a moment.'} />
      </>
    );
  }
  const { user } = data;

  return (
    <>
      <AdminHeader
        title={user.email}
        crumbs={[{ label: 'Customers', to: '/admin/customers' }, { label: `#${user.id}` }]}
        actions={
          <>
            <Button size="sm" onClick={() => setAction('balance')}>
              Adjust balance
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setAction('traffic')}>
              Grant or remove traffic
            </Button>
            <Button size="sm" variant={user.disabled ? 'secondary' : 'danger'} onClick={() => setAction('state')}>
              {user.disabled ? 'Enable' : 'Disable'}
            </Button>
            <Button size="sm" variant="outline" onClick={() => setAction('role')}>
              Change role
            </Button>
          </>
        }
      />
      <div className="-mt-3 mb-6 flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap gap-2">
          <Badge tone={user.role === 'admin' ? 'brand' : 'grey'}>{user.role}</Badge>
          {user.disabled ? <Badge tone="red">disabled</Badge> : <Badge tone="green">active</Badge>}
        </div>
        <div role="group" aria-label="Customer care" className="flex flex-wrap gap-2">
          <Link to={`/admin/customers/${user.id}/view`} className={buttonClasses('outline', 'sm')}>
            View as customer
          </Link>
          {/* Only an address the customer asked to move to waits for a code: their own was verified at sign-up. */}
          {user.pendingEmail && (
            <Button size="sm" variant="outline" onClick={() => setAction('verification')}>
              Resend verification code
            </Button>
          )}
          <Button size="sm" variant="outline" onClick={() => setAction('reset')}>
            Force password reset
          </Button>
        </div>
      </div>
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)]">
        <ProfileCard user={user} />
        <BalanceTrafficCard balance={user.balance} traffic={data.traffic} />
      </div>
      <div className="mt-6 grid grid-cols-1 gap-6 2xl:grid-cols-2">
        <PiecesCard pieces={data.pieces} />
        <PaymentsCard payments={data.payments} />
      </div>
      <div className="mt-6 grid grid-cols-1 gap-6">
        <UsageCard usage={data.usage} />
        <ConnectionsCard userId={user.id} />
        <LedgerCard userId={user.id} />
        <PricesCard userId={user.id} />
        <ResellerCard userId={user.id} reseller={data.reseller} />
        <RefundRefusalCard userId={user.id} />
        <NotesCard userId={user.id} />
      </div>
      {action === 'balance' && <BalanceDialog user={user} onClose={close} />}
      {action === 'traffic' && <TrafficDialog userId={user.id} email={user.email} traffic={data.traffic} onClose={close} />}
      {action === 'state' && <AccountStateDialog user={user} onClose={close} />}
      {action === 'role' && <RoleDialog user={user} onClose={close} />}
      {action === 'verification' && <VerificationDialog user={user} onClose={close} />}
      {action === 'reset' && <ForceResetDialog user={user} onClose={close} />}
    </>
  );
}
