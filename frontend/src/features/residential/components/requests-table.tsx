// The usage record's connections, newest first: when each opened (UTC, as the filters and the
// CSV), how long it lasted, the credential (and the address it came from), the target, the bytes up and down (readable, with the
// exact metered count under it) and the outcome with its reason. Under 640 px the duration,
// credential, target and outcome fold into the time's cell, so the bytes stay in sight on a phone.
// Requests the customer's plan refused (its connections at once or requests per second) are
// called out above the table, pointing at the plan's limits.
import { DataTable, FullRow, NARROW_LAST, SkeletonRows, WIDE_ONLY, type Column } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/page-parts';
import { cn } from '@/lib/cn';
import { plural } from '@/lib/plural';
import {
  credentialKindLabel,
  formatDuration,
  formatTarget,
  formatUtcTime,
  isOutcome,
  isoUtc,
  isPlanLimit,
  OUTCOME_LABELS,
  reasonText,
  type RequestRecord,
} from '../usage-records';
import { Bytes, LoadError } from './usage-bytes';

const REQUEST_COLUMNS: ReadonlyArray<Column> = [
  'Time (UTC)',
  { label: 'Duration', wide: true },
  { label: 'Credential', wide: true },
  { label: 'Host:port', wide: true },
  { label: 'Up', align: 'right' },
  { label: 'Down', align: 'right' },
  { label: 'Outcome', wide: true },
];

const OUTCOME_CLASSES: Record<string, string> = {
  ok: 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
  refused: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
  upstream_error: 'bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  cut_quota: 'bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-200',
};

function OutcomeCell({ outcome, reason, charged }: { outcome: string; reason?: string | null; charged: boolean }) {
  return (
    <>
      <span className={cn('inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap', OUTCOME_CLASSES[outcome] ?? OUTCOME_CLASSES.refused)}>
        {isOutcome(outcome) ? OUTCOME_LABELS[outcome] : outcome}
      </span>
      {reason && <span className="mt-0.5 block text-xs text-slate-600 dark:text-slate-400">{reasonText(reason)}</span>}
      {!charged && (
        <span className="mt-0.5 block text-xs font-medium text-emerald-800 dark:text-emerald-300" data-testid="not-charged">
          Not charged: failed on our side
        </span>
      )}
    </>
  );
}

type RequestsTableProps = {
  rows: RequestRecord[] | undefined;
  isPending: boolean;
  error: unknown;
  filtered: boolean;
  onRetry: () => void;
};

export function RequestsTable({ rows, isPending, error, filtered, onRetry }: RequestsTableProps) {
  const cell = 'py-2.5 pr-4';
  let body;
  if (isPending) body = <SkeletonRows columns={REQUEST_COLUMNS} />;
  else if (error)
    body = (
      <FullRow columns={REQUEST_COLUMNS.length}>
        <LoadError error={error} onRetry={onRetry} what="requests" />
      </FullRow>
    );
  else if (!rows || rows.length === 0)
    body = (
      <FullRow columns={REQUEST_COLUMNS.length}>
        <EmptyState
          title={filtered ? 'No requests match these filters' : 'No requests yet'}
          body={filtered ? 'Change or reset the filters to see more.' : 'Every connection through your proxies shows here once it ends.'}
        />
      </FullRow>
    );
  else
    body = rows.map((row, index) => (
      <tr key={`${row.startedAt}-${index}`} className="align-top" data-testid="request-row">
        <td className={cell}>
          <time dateTime={isoUtc(row.startedAt)} className="tabular-nums sm:whitespace-nowrap">
            {formatUtcTime(row.startedAt)}
          </time>
          {/* the wide columns, folded under 640 px */}
          <span className="mt-1 block space-y-0.5 text-xs text-slate-600 sm:hidden dark:text-slate-400">
            <span className="block font-medium break-all text-slate-900 dark:text-slate-100">{formatTarget(row.host, row.port)}</span>
            <span className="block break-all">
              {row.credential.label || '—'} ({credentialKindLabel(row.credential.kind)}) · <span className="whitespace-nowrap">{formatDuration(row.durationMs)}</span>
            </span>
            {row.source && <span className="block break-all">from {row.source}</span>}
            <span className="block">
              <OutcomeCell outcome={row.outcome} reason={row.reason} charged={row.charged} />
            </span>
          </span>
        </td>
        <td className={cn(cell, WIDE_ONLY, 'whitespace-nowrap tabular-nums')}>{formatDuration(row.durationMs)}</td>
        <td className={cn(cell, WIDE_ONLY, 'max-w-[14rem]')}>
          <span className="block truncate" title={row.credential.label}>
            {row.credential.label || '—'}
          </span>
          <span className="block text-xs text-slate-600 dark:text-slate-400">{credentialKindLabel(row.credential.kind)}</span>
          {row.source && (
            <span className="block truncate text-xs text-slate-600 dark:text-slate-400" title={row.source} data-testid="request-source">
              from {row.source}
            </span>
          )}
        </td>
        <td className={cn(cell, WIDE_ONLY, 'max-w-[18rem] break-all')}>{formatTarget(row.host, row.port)}</td>
        <td className={cell}>
          <Bytes bytes={row.bytesUp} testId="request-up" />
        </td>
        <td className={cn(cell, NARROW_LAST)}>
          <Bytes bytes={row.bytesDown} testId="request-down" />
        </td>
        <td className={cn('py-2.5', WIDE_ONLY)}>
          <OutcomeCell outcome={row.outcome} reason={row.reason} charged={row.charged} />
        </td>
      </tr>
    ));
  const byPlan = rows?.filter((row) => isPlanLimit(row.reason)).length ?? 0;
  return (
    <>
      {byPlan > 0 && (
        <p
          data-testid="plan-limit-callout"
          className="mb-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/60 dark:text-amber-100"
        >
          {plural(byPlan, 'request', 'requests')} on this page {byPlan === 1 ? 'was' : 'were'} refused by your plan&apos;s limits. The Plans
          tab shows each plan&apos;s connections at once and requests per second.
        </p>
      )}
      <DataTable label="Requests" columns={REQUEST_COLUMNS} minWidth="sm:min-w-[860px]">
        {body}
      </DataTable>
    </>
  );
}
