// /admin/orders: piece orders by status and kind, searchable (order id, provider order id or
// email), paged; pending and unknown ones can be resolved by hand.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/page-parts';
import { formatMoney } from '@/lib/format';
import { PROXY_KINDS } from '@/lib/kinds';
import { ordersQueryOptions } from '../api/get-orders';
import { AdminHeader } from '../components/admin-header';
import { ACTIONS, AdminTable, CELL, MUTED } from '../components/admin-table';
import { StatusBadge } from '../components/badge';
import { FilterSelect, SearchBox, Toolbar } from '../components/list-controls';
import { ResolveDialog } from '../components/resolve-dialog';
import { useListParams } from '../components/use-list-params';
import { ORDER_STATUSES } from '../constants';
import { PER_PAGE, when } from '../format';
import type { AdminOrder } from '../types';
import { kindName } from '../kinds';

const STATUSES = ORDER_STATUSES.map((value) => ({ value, label: value }));
const KINDS = PROXY_KINDS.map((kind) => ({ value: kind, label: kindName(kind) }));
const COLUMNS = ['Order', 'Customer', 'Kind', { label: 'Qty', align: 'right' as const }, { label: 'Price', align: 'right' as const }, 'Status', 'Created', { label: 'Actions', align: 'right' as const }];

export default function OrdersPage() {
  const { values, page, set, setPage } = useListParams(['status', 'type', 'q'] as const);
  const orders = useQuery(ordersQueryOptions({ ...values, page, perPage: PER_PAGE }));
  const [resolving, setResolving] = useState<AdminOrder | null>(null);
  const data = orders.data;

  return (
    <>
      <AdminHeader title="Orders" crumbs={[{ label: 'Orders' }]} />
      <Card>
        <Toolbar>
          <SearchBox label="Search" value={values.q} placeholder="Order id, provider order id or email" onSearch={(text) => set('q', text)} />
          <FilterSelect label="Status" value={values.status} options={STATUSES} onChange={(value) => set('status', value)} />
          <FilterSelect label="Kind" value={values.type} options={KINDS} onChange={(value) => set('type', value)} />
        </Toolbar>
        <AdminTable
          label="Orders"
          columns={COLUMNS}
          loading={orders.isPending}
          failed={orders.isError && !data}
          empty={data?.items.length === 0}
          emptyText="No orders match."
          minWidth="min-w-[880px]"
          paging={data && { page, perPage: PER_PAGE, total: data.total, onChange: setPage }}
        >
          {data?.items.map((order) => (
            <tr key={order.id}>
              <td className={CELL}>
                <span className="font-medium">#{order.id}</span>
                <span className={`block text-xs ${MUTED}`}>
                  {order.source}
                  {order.upstreamOrderId ? ` · ${order.upstreamOrderId}` : ''}
                </span>
              </td>
              <td className={CELL}>
                <Link to={`/admin/customers/${order.userId}`} className="tap-target text-brand-700 hover:underline dark:text-brand-300">
                  {order.userEmail}
                </Link>
              </td>
              <td className={CELL}>
                {kindName(order.type)}
                {order.country ? <span className={`block text-xs ${MUTED}`}>{[order.country, order.isp].filter(Boolean).join(' · ')}</span> : null}
              </td>
              <td className={`${CELL} text-right tabular-nums`}>{order.quantity}</td>
              <td className={`${CELL} text-right tabular-nums`}>{formatMoney(order.price)}</td>
              <td className={CELL}>
                <StatusBadge status={order.status} />
              </td>
              <td className={`${CELL} whitespace-nowrap ${MUTED}`}>{when(order.createdAt)}</td>
              <td className={ACTIONS}>
                {(order.status === 'pending' || order.status === 'unknown') && (
                  <Button size="sm" variant="outline" onClick={() => setResolving(order)} aria-label={`Resolve order ${order.id}`}>
                    Resolve
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </AdminTable>
      </Card>
      {resolving && <ResolveDialog order={resolving} onClose={() => setResolving(null)} />}
    </>
  );
}
