// /admin/abuse/:id: one abuse case: the report, the connection records its destination and window
// match (customer, credential and the address it connected from, times, bytes, pool) with the actions on each record's customer, the
// reply to the reporter, and the case's status (close, reopen).
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, EmptyState } from '@/components/ui/page-parts';
import { PageSpinner } from '@/components/ui/spinner';
import { ApiError, errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { abuseCaseQueryOptions, useSetCaseStatus, type AbuseMatch, type CaseStatus } from '../api/abuse';
import { AdminHeader } from '../components/admin-header';
import { ACTIONS, AdminTable, CELL, MUTED } from '../components/admin-table';
import { CaseActionDialog, type CaseAction } from '../components/abuse/action-dialog';
import { windowText } from '../components/abuse/case-format';
import { CaseStatusBadge } from '../components/abuse/case-parts';
import { ReplyCard } from '../components/abuse/reply-card';
import { bytesToGb, formatGb, when } from '../format';

const right = (label: string) => ({ label, align: 'right' as const });
const COLUMNS = ['Customer', 'Credential', 'Started', right('Traffic'), 'Pool', right('Actions')];

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="mt-0.5 text-sm break-words">{children}</dd>
    </div>
  );
}

function RecordActions({ record, disabled, onAct }: { record: AbuseMatch; disabled: boolean; onAct: (action: CaseAction) => void }) {
  const suspendable = record.credentialKind === 'main' || record.credentialKind === 'subuser';
  const label = (what: string) => `${what}: ${record.email}, ${record.credential}`;
  return (
    <div className="flex justify-end gap-1">
      <Button size="sm" variant="ghost" disabled={disabled} onClick={() => onAct('warn')} aria-label={label('Warn')}>
        Warn
      </Button>
      {suspendable && (
        <Button size="sm" variant="ghost" disabled={disabled} onClick={() => onAct('suspend')} aria-label={label('Suspend credential')}>
          Suspend
        </Button>
      )}
      <Button size="sm" variant="ghost" disabled={disabled} onClick={() => onAct('block')} aria-label={label('Block destination')}>
        Block
      </Button>
      <Button size="sm" variant="ghost" disabled={disabled} onClick={() => onAct('disable-customer')} aria-label={label('Disable customer')}>
        Disable
      </Button>
    </div>
  );
}

export default function AbuseCasePage() {
  const id = Number(useParams().id);
  const detail = useQuery(abuseCaseQueryOptions(id));
  const setStatus = useSetCaseStatus();
  const [acting, setActing] = useState<{ action: CaseAction; record: AbuseMatch } | null>(null);
  const crumbs = [{ label: 'Abuse desk', to: '/admin/abuse' }, { label: `#${id}` }];

  if (detail.isPending) return <PageSpinner />;
  const data = detail.data;
  if (!data) {
    const missing = detail.error instanceof ApiError && detail.error.status === 404;
    return (
      <>
        <AdminHeader title="Abuse case" crumbs={crumbs} />
        <EmptyState title={missing ? 'Abuse report not found' : 'Could not load this case.'} />
      </>
    );
  }
  const { case: report, matches } = data;
  const closed = report.status === 'closed';
  const move = (status: CaseStatus) =>
    setStatus.mutate(
      { id, status },
      { onSuccess: () => notify.success(`Case #${id} is ${status}`), onError: (error) => notify.error(errorMessage(error)) },
    );

  return (
    <>
      <AdminHeader
        title={`Abuse case #${id}`}
        crumbs={crumbs}
        actions={
          closed ? (
            <Button size="sm" variant="outline" busy={setStatus.isPending} onClick={() => move('open')}>
              Reopen
            </Button>
          ) : (
            <Button size="sm" variant="outline" busy={setStatus.isPending} onClick={() => move('closed')}>
              Close case
            </Button>
          )
        }
      />
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)]">
        <Card title="Report">
          <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <Item label="Status">
              <CaseStatusBadge status={report.status} />
            </Item>
            <Item label="Destination">
              <code className="text-sm">
                {report.destination}
                {report.port ? `:${report.port}` : ' (any port)'}
              </code>
            </Item>
            <Item label="Window (UTC)">{windowText(report)}</Item>
            <Item label="Reporter">{report.reporterEmail}</Item>
            <Item label="Received">{when(report.createdAt)}</Item>
            <Item label="Updated">{when(report.updatedAt)}</Item>
          </dl>
          <h3 className="mt-5 text-sm font-semibold">What happened</h3>
          <p className="mt-1 text-sm whitespace-pre-wrap">{report.description}</p>
          {report.evidence && (
            <>
              <h3 className="mt-5 text-sm font-semibold">Evidence</h3>
              <pre tabIndex={0} aria-label="Evidence" className="mt-1 max-h-64 overflow-auto rounded-lg bg-slate-100 p-3 text-xs whitespace-pre-wrap dark:bg-slate-950">
                {report.evidence}
              </pre>
            </>
          )}
        </Card>
        <ReplyCard caseId={id} reporter={report.reporterEmail} closed={closed} />
      </div>
      <Card title="Connections matched" className="mt-6">
        <p className={`mb-4 text-sm ${MUTED}`}>
          Connections to the destination{report.port ? ' and port' : ''} open during the window, from the records kept for {data.daysKept} days.
          {data.truncated && ' Only the first 500 are listed.'}
          {data.blocks.length > 0 && ` Blocked already for: ${data.blocks.map((block) => matches.find((m) => m.userId === block.userId)?.email ?? `#${block.userId}`).join(', ')}.`}
        </p>
        <AdminTable
          label="Connections matched"
          columns={COLUMNS}
          loading={false}
          failed={false}
          empty={matches.length === 0}
          emptyText="No connection to this destination in the window: older than the records kept, or not through us."
          minWidth="min-w-[860px]"
        >
          {matches.map((record) => (
            <tr key={record.recordId}>
              <td className={CELL}>
                <Link to={`/admin/customers/${record.userId}`} className="tap-target text-brand-700 hover:underline dark:text-brand-300">
                  {record.email}
                </Link>
                <div className={`text-xs ${MUTED}`}>#{record.userId}</div>
              </td>
              <td className={CELL}>
                <code className="text-xs">{record.credential}</code>
                <div className={`text-xs ${MUTED}`}>
                  {record.credentialKind}
                  {record.source && <> from <code data-testid="match-source">{record.source}</code></>}
                </div>
              </td>
              <td className={`${CELL} whitespace-nowrap`}>
                {when(record.startedAt)}
                <div className={`text-xs ${MUTED}`}>for {(record.durationMs / 1000).toFixed(1)} s</div>
              </td>
              <td className={`${CELL} text-right whitespace-nowrap tabular-nums`}>
                {formatGb(bytesToGb(record.bytesUp + record.bytesDown))}
                <div className={`text-xs ${MUTED}`}>{record.outcome.replace(/_/g, ' ')}</div>
              </td>
              <td className={CELL}>{record.upstreamId ? `pool #${record.upstreamId}` : 'direct'}</td>
              <td className={ACTIONS}>
                <RecordActions record={record} disabled={closed} onAct={(action) => setActing({ action, record })} />
              </td>
            </tr>
          ))}
        </AdminTable>
      </Card>
      {acting && <CaseActionDialog caseId={id} destination={report.destination} action={acting.action} record={acting.record} onClose={() => setActing(null)} />}
    </>
  );
}
