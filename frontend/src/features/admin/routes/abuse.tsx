// /admin/abuse: the abuse desk's queue: reports from the public form /abuse, newest first, by
// status (open, answered, closed), each opening its case page.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Card } from '@/components/ui/page-parts';
import { abuseCasesQueryOptions } from '../api/abuse';
import { AdminHeader } from '../components/admin-header';
import { AdminTable, CELL, MUTED } from '../components/admin-table';
import { CASE_STATUSES, windowText } from '../components/abuse/case-format';
import { CaseStatusBadge } from '../components/abuse/case-parts';
import { FilterSelect, Toolbar } from '../components/list-controls';
import { useListParams } from '../components/use-list-params';
import { PER_PAGE, when } from '../format';

const COLUMNS = ['Case', 'Destination', 'Window (UTC)', 'Reporter', 'Status', 'Received'];

export default function AbuseQueuePage() {
  const { values, page, set, setPage } = useListParams(['status'] as const);
  const cases = useQuery(abuseCasesQueryOptions({ status: values.status, page, perPage: PER_PAGE }));
  const data = cases.data;
  return (
    <>
      <AdminHeader title="Abuse desk" crumbs={[{ label: 'Abuse desk' }]} />
      <Card>
        <Toolbar>
          <FilterSelect label="Status" value={values.status} options={CASE_STATUSES} onChange={(value) => set('status', value)} />
        </Toolbar>
        <AdminTable
          label="Abuse reports"
          columns={COLUMNS}
          loading={cases.isPending}
          failed={cases.isError && !data}
          empty={data?.items.length === 0}
          emptyText="No reports match."
          minWidth="min-w-[860px]"
          paging={data && { page, perPage: PER_PAGE, total: data.total, onChange: setPage }}
        >
          {data?.items.map((item) => (
            <tr key={item.id}>
              <td className={CELL}>
                <Link to={`/admin/abuse/${item.id}`} className="tap-target font-medium text-brand-700 hover:underline dark:text-brand-300">
                  #{item.id}
                </Link>
              </td>
              <td className={CELL}>
                <code className="text-sm break-all">
                  {item.destination}
                  {item.port ? `:${item.port}` : ''}
                </code>
              </td>
              <td className={`${CELL} whitespace-nowrap ${MUTED}`}>{windowText(item)}</td>
              <td className={`${CELL} break-all`}>{item.reporterEmail}</td>
              <td className={CELL}>
                <CaseStatusBadge status={item.status} />
              </td>
              <td className={`${CELL} whitespace-nowrap ${MUTED}`}>{when(item.createdAt)}</td>
            </tr>
          ))}
        </AdminTable>
      </Card>
    </>
  );
}
