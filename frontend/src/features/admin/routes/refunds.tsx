// /admin/refunds: the customers' self-serve refunds, newest first: who, what was refunded (a
// residential purchase and its GB, or a piece), how much, when.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Card } from '@/components/ui/page-parts';
import { formatMoney } from '@/lib/format';
import { refundsQueryOptions } from '../api/get-refunds';
import { AdminHeader } from '../components/admin-header';
import { AdminTable, CELL, MUTED } from '../components/admin-table';
import { useListParams } from '../components/use-list-params';
import { PER_PAGE, when } from '../format';
import { kindName } from '../kinds';

const COLUMNS = ['Refund', 'Customer', 'Kind', 'Refunded', { label: 'GB', align: 'right' as const }, { label: 'Amount', align: 'right' as const }, 'When'];

export default function RefundsPage() {
  const { page, setPage } = useListParams([] as const);
  const refunds = useQuery(refundsQueryOptions(page, PER_PAGE));
  const data = refunds.data;
  return (
    <>
      <AdminHeader title="Refunds" crumbs={[{ label: 'Refunds' }]} />
      <Card>
        <p className={`mb-4 text-sm ${MUTED}`}>
          Refunds customers took themselves. To refuse a customer&apos;s refunds for a while, use Refunds on their page.
        </p>
        <AdminTable
          label="Refunds"
          columns={COLUMNS}
          loading={refunds.isPending}
          failed={refunds.isError && !data}
          empty={data?.items.length === 0}
          emptyText="No refunds yet."
          minWidth="min-w-[760px]"
          paging={data && { page, perPage: PER_PAGE, total: data.total, onChange: setPage }}
        >
          {data?.items.map((refund) => (
            <tr key={refund.id}>
              <td className={CELL}>
                <span className="font-medium">#{refund.id}</span>
              </td>
              <td className={CELL}>
                <Link to={`/admin/customers/${refund.userId}`} className="tap-target text-brand-700 hover:underline dark:text-brand-300">
                  {refund.email}
                </Link>
              </td>
              <td className={CELL}>{kindName(refund.type)}</td>
              <td className={CELL}>{refund.purchaseId !== null && refund.purchaseId !== undefined ? `Purchase #${refund.purchaseId}` : `Proxy #${refund.pieceId ?? ''}`}</td>
              <td className={`${CELL} text-right tabular-nums`}>{refund.gb}</td>
              <td className={`${CELL} text-right tabular-nums`}>{formatMoney(refund.amount)}</td>
              <td className={`${CELL} whitespace-nowrap ${MUTED}`}>{when(refund.createdAt)}</td>
            </tr>
          ))}
        </AdminTable>
      </Card>
    </>
  );
}
