// The dashboard of a sub-user's sign-in (docs/subusers.md): its line (username and password),
// its traffic and success rate, a generator of its lines and its latest connections. Nothing
// else of the account: the server refuses everything else to such a session anyway.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { CopyProxyButton } from '@/components/copy-proxy-button';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Card, EmptyState, PageHeader } from '@/components/ui/page-parts';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { credentialUsageQueryOptions, formatSuccessRate, subuserUsage } from '@/lib/credential-usage';
import { formatTraffic } from '@/lib/format';
import type { Subuser } from '@/lib/subusers';
import { notify } from '@/lib/toast';
import { recentRecordsQueryOptions, useGenerateLines, useOwnLine } from '../api/own-line';
import { lineSchema, type LineOutput, type LineValues } from '../schemas';

const muted = 'text-slate-600 dark:text-slate-400';

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="rounded-xl bg-slate-50 px-4 py-3 dark:bg-slate-800/60">
      <dt className={`text-sm ${muted}`}>{label}</dt>
      <dd className="mt-1 text-xl font-bold tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function LineCard({ line }: { line: Subuser }) {
  const figures = useQuery(credentialUsageQueryOptions);
  const usage = subuserUsage(figures.data, line.name);
  const cap = line.limitGb === null || line.limitGb === undefined ? 'no cap' : `of ${formatTraffic(line.limitGb)}`;
  return (
    <Card title={`Line ${line.name}`}>
      <div className="mb-4 space-y-1 text-sm">
        {[
          ['Username', line.username],
          ['Password', line.password],
        ].map(([label, value]) => (
          <div key={label} className="flex min-w-0 items-center gap-2">
            <span className={muted}>{label}</span>
            <span className="font-mono wrap-anywhere">{value}</span>
            <CopyProxyButton proxy={value!} message={`${label} copied`} label={`Copy ${label!.toLowerCase()}`} />
          </div>
        ))}
        {!line.enabled && <p className="text-red-700 dark:text-red-400">This line is switched off by the account owner.</p>}
      </div>
      <dl className="grid gap-3 sm:grid-cols-3">
        <Figure label={`Used (${cap})`} value={formatTraffic(line.usedGb)} testId="own-used" />
        <Figure label="Requests, last 30 days" value={String(usage?.requests ?? 0)} testId="own-requests" />
        <Figure label="Success rate, last 30 days" value={formatSuccessRate(usage?.successRate)} testId="own-success" />
      </dl>
    </Card>
  );
}

function Generator({ line }: { line: Subuser }) {
  const generate = useGenerateLines();
  const [lines, setLines] = useState<string[]>([]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<LineValues, unknown, LineOutput>({ resolver: zodResolver(lineSchema), defaultValues: { country: '', quantity: '1' } });
  const onSubmit = handleSubmit((values) =>
    generate.mutate(
      { kind: line.type === 'budget' ? 'budget' : 'premium', country: values.country.toLowerCase(), quantity: values.quantity },
      {
        onSuccess: (data) => {
          setLines(data.proxies);
          notify.success(data.message);
        },
        onError: (error) => {
          applyFieldErrors(error, ['country', 'quantity'], setError);
          notify.error(errorMessage(error));
        },
      },
    ),
  );
  return (
    <Card title="Generate proxies">
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-wrap items-start gap-3">
        <Field className="w-40" label="Country" placeholder="Any" error={errors.country?.message} {...register('country')} />
        <Field className="w-32" label="Quantity" inputMode="numeric" error={errors.quantity?.message} {...register('quantity')} />
        <Button type="submit" className="mt-7 h-11" busy={generate.isPending}>
          Generate
        </Button>
      </form>
      {lines.length > 0 && (
        <ul aria-label="Generated proxies" className="mt-4 space-y-1 font-mono text-sm">
          {lines.map((proxy, index) => (
            <li key={`${index}-${proxy}`} className="flex items-center gap-2 wrap-anywhere">
              {proxy}
              <CopyProxyButton proxy={proxy} message="Proxy copied to clipboard" />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function RecentRecords() {
  const records = useQuery(recentRecordsQueryOptions);
  if (records.isPending) return <Skeleton className="h-24 w-full" />;
  if (records.isError) return <p className="text-sm text-red-700 dark:text-red-400">{errorMessage(records.error)}</p>;
  const rows = records.data.requests;
  if (rows.length === 0) return <EmptyState title="No connections yet" body="Connections through this line show here as they end." />;
  return (
    <table className="w-full text-left text-sm">
      <thead>
        <tr className={muted}>
          <th className="py-2">Time (UTC)</th>
          <th>Host</th>
          <th>Outcome</th>
          <th className="text-right">Traffic</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={`${row.startedAt}-${index}`} className="border-t border-slate-100 dark:border-slate-800">
            <td className="py-2 tabular-nums">{new Date(row.startedAt * 1000).toISOString().slice(0, 19).replace('T', ' ')}</td>
            <td className="wrap-anywhere">{row.host}</td>
            <td>{row.outcome}</td>
            <td className="text-right tabular-nums">{formatTraffic((row.bytesUp + row.bytesDown) / 1e9)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function SubuserHome() {
  const line = useOwnLine();
  return (
    <div className="space-y-6">
      <PageHeader title="Your proxy line" />
      {line.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : line.isError ? (
        <p className="text-sm text-red-700 dark:text-red-400">{errorMessage(line.error)}</p>
      ) : line.data ? (
        <>
          <LineCard line={line.data} />
          <Generator line={line.data} />
        </>
      ) : (
        <EmptyState title="No line" body="The account owner removed this line." />
      )}
      <Card title="Latest connections">
        <RecentRecords />
      </Card>
    </div>
  );
}
