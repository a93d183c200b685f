// A customer's connections through the gateway, newest first and paged: when, kind, target, traffic,
// outcome and the upstream pool that carried each ("Direct" without one). Only operators see the pool.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Card } from '@/components/ui/page-parts';
import { REQUESTS_PER_PAGE, userRequestsQueryOptions } from '../../api/get-user-requests';
import { bytesToGb, formatGb, when } from '../../format';
import { kindName } from '../../kinds';
import { AdminTable, CELL, MUTED } from '../admin-table';

const COLUMNS = ['Started', 'Kind', 'Target', { label: 'Traffic', align: 'right' as const }, 'Outcome', 'Pool'];

export function ConnectionsCard({ userId }: { userId: number }) {
  const [page, setPage] = useState(1);
  const requests = useQuery(userRequestsQueryOptions(userId, page));
  const data = requests.data;
  return (
    <Card title="Connections">
      <AdminTable
        label="Connections"
        columns={COLUMNS}
        loading={requests.isPending}
        failed={requests.isError && !data}
        empty={data?.requests.length === 0}
        emptyText="No connections yet."
        paging={data && { page, perPage: REQUESTS_PER_PAGE, total: data.total, onChange: setPage }}
      >
        {data?.requests.map((record, index) => (
          <tr key={`${record.startedAt}-${index}`}>
            <td className={`${CELL} whitespace-nowrap ${MUTED}`}>{when(record.startedAt)}</td>
            <td className={CELL}>{kindName(record.type)}</td>
            <td className={`${CELL} max-w-64 break-all`}>{record.host ? `${record.host}:${record.port}` : '—'}</td>
            <td className={`${CELL} text-right whitespace-nowrap tabular-nums`}>{formatGb(bytesToGb(record.bytesUp + record.bytesDown))}</td>
            <td className={CELL}>
              {record.reason ? `${record.outcome.replace(/_/g, ' ')} (${record.reason.replace(/_/g, ' ')})` : record.outcome.replace(/_/g, ' ')}
              {!record.charged && ' · not charged'}
            </td>
            <td className={CELL}>{record.upstream ? record.upstream.name : <span className={MUTED}>Direct</span>}</td>
          </tr>
        ))}
      </AdminTable>
    </Card>
  );
}
