// /admin/audit: every admin change, newest first, by actor, action and target, with its reason
// and what changed.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Card } from '@/components/ui/page-parts';
import { auditQueryOptions } from '../api/get-audit';
import { AdminHeader } from '../components/admin-header';
import { AdminTable, CELL, MUTED } from '../components/admin-table';
import { Badge } from '../components/badge';
import { JsonDiff } from '../components/json-diff';
import { FilterSelect, SearchBox, Toolbar } from '../components/list-controls';
import { useListParams } from '../components/use-list-params';
import { AUDIT_ACTIONS } from '../constants';
import { PER_PAGE, when } from '../format';

const COLUMNS = ['When', 'Actor', 'Action', 'Target', 'Reason', 'Change'];

/** `user:12` links to the customer, `payment:abc` to the payment; other targets show as text. */
function Target({ target }: { target?: string | null }) {
  if (!target) return <span className={MUTED}>—</span>;
  const [kind, id] = target.split(':', 2);
  const to = kind === 'user' ? `/admin/customers/${id}` : kind === 'payment' && id ? `/admin/payments/${encodeURIComponent(id)}` : null;
  return to ? (
    <Link to={to} className="tap-target font-mono text-xs text-brand-700 hover:underline dark:text-brand-300">
      {target}
    </Link>
  ) : (
    <code className="text-xs">{target}</code>
  );
}

export default function AuditPage() {
  const { values, page, set, setPage } = useListParams(['actor', 'action', 'target'] as const);
  const audit = useQuery(auditQueryOptions({ ...values, page, perPage: PER_PAGE }));
  const data = audit.data;
  return (
    <>
      <AdminHeader title="Audit log" crumbs={[{ label: 'Audit log' }]} />
      <Card>
        <Toolbar>
          <SearchBox label="Actor" value={values.actor} placeholder="Admin email or id" onSearch={(text) => set('actor', text)} />
          <FilterSelect label="Action" value={values.action} options={AUDIT_ACTIONS.map((value) => ({ value, label: value }))} onChange={(value) => set('action', value)} />
          <SearchBox label="Target" value={values.target} placeholder="user:12" onSearch={(text) => set('target', text)} />
        </Toolbar>
        <AdminTable
          label="Audit log"
          columns={COLUMNS}
          loading={audit.isPending}
          failed={audit.isError && !data}
          empty={data?.items.length === 0}
          emptyText="No audit entries match."
          minWidth="min-w-[960px]"
          paging={data && { page, perPage: PER_PAGE, total: data.total, onChange: setPage }}
        >
          {data?.items.map((entry) => (
            <tr key={entry.id}>
              <td className={`${CELL} whitespace-nowrap ${MUTED}`}>{when(entry.createdAt)}</td>
              <td className={CELL}>{entry.actorEmail ?? (entry.actorId ? `#${entry.actorId}` : 'system')}</td>
              <td className={CELL}>
                <Badge tone="grey">{entry.action}</Badge>
              </td>
              <td className={CELL}>
                <Target target={entry.target} />
              </td>
              <td className={`${CELL} max-w-56 break-words`}>{entry.reason ?? <span className={MUTED}>—</span>}</td>
              <td className={`${CELL} min-w-64`}>
                <JsonDiff before={entry.before} after={entry.after} />
              </td>
            </tr>
          ))}
        </AdminTable>
      </Card>
    </>
  );
}
