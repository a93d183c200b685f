// /admin/payments/:id: one top-up, its status history and the provider's raw report, with "Check
// with provider", which asks the provider and settles it the way the provider's callback would.
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { RefreshIcon } from '@/components/ui/icons';
import { Card, EmptyState } from '@/components/ui/page-parts';
import { PageSpinner } from '@/components/ui/spinner';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { notify } from '@/lib/toast';
import { useCheckPayment } from '../api/check-payment';
import { paymentQueryOptions } from '../api/get-payment';
import { AdminHeader } from '../components/admin-header';
import { StatusBadge } from '../components/badge';
import { when } from '../format';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="mt-0.5 text-sm break-words">{children}</dd>
    </div>
  );
}

export default function PaymentDetailPage() {
  const id = useParams().id ?? '';
  const detail = useQuery(paymentQueryOptions(id));
  const check = useCheckPayment();
  const crumbs = [{ label: 'Payments', to: '/admin/payments' }, { label: id }];

  if (detail.isPending) return <PageSpinner />;
  const data = detail.data;
  if (!data) {
    const missing = detail.error instanceof ApiError && detail.error.status === 404;
    return (
      <>
        <AdminHeader title="Payment" crumbs={crumbs} />
        <EmptyState title={missing ? 'Payment not found' : 'Could not load this payment.'} />
      </>
    );
  }
  const { payment } = data;
  const onCheck = () =>
    check.mutate(payment.id, {
      onSuccess: (answer) =>
        answer.changed ? notify.success(`The provider reports ${answer.payment.status.replace(/_/g, ' ')}: payment updated`) : notify.info(`No change: the payment is ${answer.payment.status.replace(/_/g, ' ')}`),
      onError: (error) => notify.error(errorMessage(error)),
    });

  return (
    <>
      <AdminHeader
        title={`Payment ${formatMoney(payment.amount)}`}
        crumbs={crumbs}
        actions={
          <Button size="sm" onClick={onCheck} busy={check.isPending}>
            <RefreshIcon className="h-4 w-4" /> Check with provider
          </Button>
        }
      />
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)]">
        <Card title="Payment">
          <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <Item label="Status">
              <StatusBadge status={payment.status} />
            </Item>
            <Item label="Customer">
              <Link to={`/admin/customers/${payment.userId}`} className="tap-target text-brand-700 hover:underline dark:text-brand-300">
                {payment.userEmail}
              </Link>
            </Item>
            <Item label="Amount">
              {formatMoney(payment.amount)} {payment.currency}
            </Item>
            <Item label="Provider">{payment.provider}</Item>
            <Item label="Payment id">
              <code className="text-xs">{payment.id}</code>
            </Item>
            <Item label="Provider uuid">{payment.providerUuid ? <code className="text-xs">{payment.providerUuid}</code> : '—'}</Item>
            <Item label="Created">{when(payment.createdAt)}</Item>
            <Item label="Updated">{when(payment.updatedAt)}</Item>
            <Item label="Credited">{when(payment.creditedAt, 'not credited')}</Item>
            <Item label="Expires">{when(payment.expiresAt)}</Item>
          </dl>
        </Card>
        <Card title="Status history">
          {data.events.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">No status changes recorded.</p>
          ) : (
            <ol className="space-y-3 border-l-2 border-slate-200 pl-4 dark:border-slate-700">
              {data.events.map((event, index) => (
                <li key={`${event.status}-${event.createdAt}-${index}`} className="text-sm">
                  <StatusBadge status={event.status} />
                  <span className="ml-2 text-slate-600 dark:text-slate-400">{when(event.createdAt)}</span>
                </li>
              ))}
            </ol>
          )}
        </Card>
      </div>
      <Card title="Provider report" className="mt-6">
        {data.report === null || data.report === undefined ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">No report from the provider yet.</p>
        ) : (
          <pre tabIndex={0} aria-label="Raw provider report" className="max-h-96 overflow-auto rounded-lg bg-slate-100 p-4 text-xs dark:bg-slate-950">
            {JSON.stringify(data.report, null, 2)}
          </pre>
        )}
      </Card>
    </>
  );
}
