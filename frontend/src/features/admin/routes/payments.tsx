// /admin/payments: top-ups by status, searchable (payment id, provider uuid or email), paged; with a
// CSV export of the same filter.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button-classes';
import { DownloadIcon } from '@/components/ui/icons';
import { Card } from '@/components/ui/page-parts';
import { formatMoney } from '@/lib/format';
import { paymentsCsvUrl, paymentsQueryOptions } from '../api/get-payments';
import { AdminHeader } from '../components/admin-header';
import { AdminTable, CELL, MUTED } from '../components/admin-table';
import { StatusBadge } from '../components/badge';
import { FilterSelect, SearchBox, Toolbar } from '../components/list-controls';
import { useListParams } from '../components/use-list-params';
import { PAYMENT_STATUSES } from '../constants';
import { PER_PAGE, when } from '../format';

const STATUSES = PAYMENT_STATUSES.map((value) => ({ value, label: value.replace(/_/g, ' ') }));
const COLUMNS = ['Payment', 'Customer', { label: 'Amount', align: 'right' as const }, 'Provider', 'Status', 'Created', 'Credited'];

export default function PaymentsPage() {
  const { values, page, set, setPage } = useListParams(['status', 'q'] as const);
  const payments = useQuery(paymentsQueryOptions({ ...values, page, perPage: PER_PAGE }));
  const data = payments.data;
  return (
    <>
      <AdminHeader
        title="Payments"
        crumbs={[{ label: 'Payments' }]}
        actions={
          <a href={paymentsCsvUrl(values)} download="payments.csv" className={buttonClasses('outline', 'sm')}>
            <DownloadIcon className="h-4 w-4" /> Export CSV
          </a>
        }
      />
      <Card>
        <Toolbar>
          <SearchBox label="Search" value={values.q} placeholder="Payment id, provider uuid or email" onSearch={(text) => set('q', text)} />
          <FilterSelect label="Status" value={values.status} options={STATUSES} onChange={(value) => set('status', value)} />
        </Toolbar>
        <AdminTable
          label="Payments"
          columns={COLUMNS}
          loading={payments.isPending}
          failed={payments.isError && !data}
          empty={data?.items.length === 0}
          emptyText="No payments match."
          minWidth="min-w-[860px]"
          paging={data && { page, perPage: PER_PAGE, total: data.total, onChange: setPage }}
        >
          {data?.items.map((payment) => (
            <tr key={payment.id}>
              <td className={CELL}>
                <Link to={`/admin/payments/${encodeURIComponent(payment.id)}`} className="tap-target font-mono text-xs font-medium text-brand-700 hover:underline dark:text-brand-300">
                  {payment.id}
                </Link>
              </td>
              <td className={CELL}>
                <Link to={`/admin/customers/${payment.userId}`} className="tap-target hover:underline">
                  {payment.userEmail}
                </Link>
              </td>
              <td className={`${CELL} text-right whitespace-nowrap tabular-nums`}>
                {formatMoney(payment.amount)} <span className={MUTED}>{payment.currency}</span>
              </td>
              <td className={CELL}>{payment.provider}</td>
              <td className={CELL}>
                <StatusBadge status={payment.status} />
              </td>
              <td className={`${CELL} whitespace-nowrap ${MUTED}`}>{when(payment.createdAt)}</td>
              <td className={`${CELL} whitespace-nowrap ${MUTED}`}>{when(payment.creditedAt)}</td>
            </tr>
          ))}
        </AdminTable>
      </Card>
    </>
  );
}
